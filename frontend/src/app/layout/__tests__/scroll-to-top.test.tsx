import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link, MemoryRouter, useNavigate } from "react-router-dom";
import { ScrollToTop } from "../scroll-to-top";

function Back() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>Back</button>;
}

describe("ScrollToTop", () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens a linked page at the top, and leaves back and forward to the browser", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={["/"]}>
        <ScrollToTop />
        <Link to="/fairness">Fairness</Link>
        <Back />
      </MemoryRouter>,
    );
    scrollTo.mockClear();
    await user.click(screen.getByText("Fairness"));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    scrollTo.mockClear();
    await user.click(screen.getByText("Back"));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
