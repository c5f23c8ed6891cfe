// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/features/chain", () => ({ loadAppConfig: () => new Promise(() => undefined), explorerTxUrl: () => "" }));

/** The browser's EventSource as far as the store uses it: opened streams, their state, their events. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** The server answered with an error status (429, 503): the browser closes the stream for good. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    for (const listener of this.listeners.get("error") ?? []) listener(new Event("error"));
  }

  /** The stream ended (its lifetime) or dropped: the browser reconnects by itself. */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING;
    for (const listener of this.listeners.get("error") ?? []) listener(new Event("error"));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
  FakeEventSource.opened = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the live bets stream (issue #38 item 4: the server caps streams per address and in all)", () => {
  it("opens again 30 s after the server refused it, and leaves a dropped stream to the browser's own reconnection", async () => {
    const { startLiveBets, useLiveBetsStore } = await import("../live-bets-store");
    startLiveBets();
    expect(FakeEventSource.opened).toHaveLength(1);
    FakeEventSource.opened[0]!.drop();
    expect(useLiveBetsStore.getState().status).toBe("reconnecting");
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);

    FakeEventSource.opened[0]!.refuse();
    vi.advanceTimersByTime(29_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.url).toBe("/api/bets/live");
    startLiveBets();
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
