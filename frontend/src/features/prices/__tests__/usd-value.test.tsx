import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useWalletStore } from "@/features/wallet";
import { UsdValue } from "../components/usd-value";
import type { PriceAnswer } from "../price-store";

const T0 = Date.parse("2026-11-26T10:00:00Z");

let answer: PriceAnswer | null;
const fetchMock = vi.fn(async () => (answer === null ? new Response("upstream down", { status: 503 }) : new Response(JSON.stringify(answer), { status: 200 })));

/** Lets the poll's request answer and React render it. */
async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function quote(usd: number, ageMs: number) {
  // lastUpdated by the server's clock, minutes off this browser's: only the age counts.
  return { usd, ageMs, lastUpdated: new Date(T0 - 10 * 60_000).toISOString() };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "info").mockImplementation(() => undefined);
  fetchMock.mockClear();
  useWalletStore.setState({ mode: "web3", account: "0xabc", chainId: 97 });
  answer = { quotes: { BNB: quote(612.4, 12_000), DEGEN: null }, freshForMs: 60_000 };
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("UsdValue", () => {
  it("shows the dollar value of a token with a fresh price, the price and its age in the tooltip", async () => {
    render(<UsdValue token="BNB" amount="0.5" />);
    await settle();
    const value = screen.getByTestId("usd-value");
    expect(value).toHaveTextContent("≈ $306.20");
    expect(value).toHaveAttribute("title", "BNB $612.40 · 12 s ago");
    expect(fetchMock).toHaveBeenCalledWith("/api/prices", expect.anything());

    await settle(5_000);
    expect(value).toHaveAttribute("title", "BNB $612.40 · 17 s ago");
  });

  it("shows nothing for a token without a price while the other's shows", async () => {
    render(
      <>
        <UsdValue token="BNB" amount={1} />
        <UsdValue token="DEGEN" amount={1000} />
      </>,
    );
    await settle();
    expect(screen.getAllByTestId("usd-value")).toHaveLength(1);
    expect(screen.getByTestId("usd-value")).toHaveTextContent("≈ $612.40");
  });

  it("hides the value once the price is 60 s old, and shows it again when a new quote arrives", async () => {
    answer = { quotes: { BNB: quote(612.4, 25_000), DEGEN: null }, freshForMs: 60_000 };
    render(<UsdValue token="BNB" amount={1} />);
    await settle();
    expect(screen.getByTestId("usd-value")).toBeInTheDocument();

    // The feed fails: the next poll (at 30 s) brings nothing newer and the held quote ages out.
    answer = null;
    await settle(34_000); // 59 s old
    expect(screen.getByTestId("usd-value")).toHaveAttribute("title", "BNB $612.40 · 59 s ago");
    await settle(1_000); // 60 s old
    expect(screen.queryByTestId("usd-value")).not.toBeInTheDocument();

    answer = { quotes: { BNB: quote(700, 1_000), DEGEN: null }, freshForMs: 60_000 };
    await settle(30_000);
    expect(screen.getByTestId("usd-value")).toHaveTextContent("≈ $700.00");
  });

  it("shows nothing when no price is configured", async () => {
    answer = { quotes: { BNB: null, DEGEN: null }, freshForMs: 60_000 };
    render(<UsdValue token="BNB" amount={1} />);
    await settle();
    expect(screen.queryByTestId("usd-value")).not.toBeInTheDocument();
  });

  it("shows nothing in demo mode, and asks for no price there: virtual funds have no dollar value", async () => {
    useWalletStore.setState({ mode: "demo", account: null, chainId: null });
    render(<UsdValue token="BNB" amount={1} />);
    await settle(60_000);
    expect(screen.queryByTestId("usd-value")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("polls once for every value on screen, every 30 s, and stops when none is left", async () => {
    const { unmount } = render(
      <>
        <UsdValue token="BNB" amount={1} />
        <UsdValue token="BNB" amount={2} />
      </>,
    );
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await settle(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unmount();
    await settle(90_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
