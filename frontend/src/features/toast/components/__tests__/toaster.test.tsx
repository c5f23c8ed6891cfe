import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/features/toast";
import { Toaster } from "../toaster";

afterEach(() => vi.useRealTimers());

function showToast(title: string, description?: string, variant?: "success" | "error") {
  act(() => {
    toast({ title, description, variant });
  });
}

describe("Toaster", () => {
  it("shows one toast at a time, the newest", () => {
    render(<Toaster />);
    showToast("YOU WON!", "Won 10 DEGEN (10.2x)");
    showToast("Better Luck Next Time", "Lost 5 DEGEN", "error");
    const toasts = screen.getAllByTestId("toast");
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveTextContent("Better Luck Next Time");
    expect(toasts[0]).toHaveTextContent("Lost 5 DEGEN");
    expect(toasts[0]).toHaveAttribute("data-variant", "error");
  });

  it("disappears after 5000 ms", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    showToast("Wallet Connected", "Successfully connected to MetaMask");
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByTestId("toast")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument();
  });

  it("gives a replacing toast its own full 5000 ms", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    showToast("First");
    act(() => vi.advanceTimersByTime(3000));
    showToast("Second");
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId("toast")).toHaveTextContent("Second");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument();
  });

  it("is dismissed by a swipe right past 50 px", () => {
    render(<Toaster />);
    showToast("Swipe me");
    const card = screen.getByTestId("toast");
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 151, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 151, pointerId: 1 });
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument();
  });

  it.each([
    ["a short swipe right", 150],
    ["a swipe left", 0],
  ])("stays after %s", (_, endX) => {
    render(<Toaster />);
    showToast("Stay");
    const card = screen.getByTestId("toast");
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: endX, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: endX, pointerId: 1 });
    expect(screen.getByTestId("toast")).toBeInTheDocument();
    expect(card.style.transform).toBe("");
  });

  it("focuses the notification area on F8", () => {
    render(
      <>
        <button type="button">Elsewhere</button>
        <Toaster />
      </>,
    );
    screen.getByRole("button", { name: "Elsewhere" }).focus();
    fireEvent.keyDown(window, { key: "F8" });
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toHaveFocus();
  });

  it("can be closed with its button", () => {
    render(<Toaster />);
    showToast("Close me");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument();
  });
});
