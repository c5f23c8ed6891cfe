import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render-route";

describe("game routes", () => {
  it.each([
    ["/roulette", "Wheel of Fortune"],
    ["/blackjack", "Blackjack"],
    ["/slots", "Slots"],
    ["/kickboxing", "Kickboxing"],
    ["/crash", "Crash"],
  ])("%s lazily loads the %s game", async (path, title) => {
    renderRoute(path);
    expect(await screen.findByRole("heading", { level: 1, name: new RegExp(title, "i") })).toBeInTheDocument();
    expect(screen.queryByText("Page Not Found")).not.toBeInTheDocument();
  });
});
