import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render-route";

describe("404 page", () => {
  it.each(["/nope", "/roulette/extra", "/lobby2"])("is shown for %s", async (path) => {
    renderRoute(path);
    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
  });

  it("is not shown for a known route", async () => {
    renderRoute("/slots");
    expect(await screen.findByRole("heading", { level: 1, name: "Slots" })).toBeInTheDocument();
    expect(screen.queryByText("Page Not Found")).not.toBeInTheDocument();
  });
});
