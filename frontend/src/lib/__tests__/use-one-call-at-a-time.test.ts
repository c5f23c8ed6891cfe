import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useOneCallAtATime } from "../use-one-call-at-a-time";

const cancelled = (error: unknown) => error instanceof Error && error.name === "TxCancelled";

describe("useOneCallAtATime", () => {
  it("runs one call at a time: a second while the first is on its way does nothing, and busy says so", async () => {
    const { result } = renderHook(() => useOneCallAtATime(cancelled));
    let answer!: (value: string) => void;
    const first = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const second = vi.fn(async () => "second");
    let running!: Promise<string | null>;
    act(() => void (running = result.current.run(first, vi.fn())));
    expect(result.current.busy).toBe(true);
    await act(async () => expect(await result.current.run(second, vi.fn())).toBeNull());
    expect(second).not.toHaveBeenCalled();
    await act(async () => answer("first"));
    expect(await running).toBe("first");
    expect(result.current.busy).toBe(false);
    await act(async () => expect(await result.current.run(second, vi.fn())).toBe("second"));
  });

  it("hands a failure to its handler, but not a refusal in the wallet, and answers null for both", async () => {
    const { result } = renderHook(() => useOneCallAtATime(cancelled));
    const failed = vi.fn();
    const refused = Object.assign(new Error("refused"), { name: "TxCancelled" });
    await act(async () => expect(await result.current.run(() => Promise.reject(refused), failed)).toBeNull());
    expect(failed).not.toHaveBeenCalled();
    const broken = new Error("409: the round is over");
    await act(async () => expect(await result.current.run(() => Promise.reject(broken), failed)).toBeNull());
    expect(failed).toHaveBeenCalledWith(broken);
    expect(result.current.busy).toBe(false);
  });
});
