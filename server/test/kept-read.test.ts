import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KeptRead, STALE_LIMIT_MS } from "../src/chain/kept-read";

/** A read whose answers the test gives one by one. */
function controlledRead() {
  const pending: { resolve(value: number): void; reject(error: Error): void }[] = [];
  const read = vi.fn(() => new Promise<number>((resolve, reject) => pending.push({ resolve, reject })));
  return { read, answer: (value: number) => pending.shift()!.resolve(value), fail: () => pending.shift()!.reject(new Error("node down")) };
}

/** Whether the promise has settled by now (fake timers: microtasks only). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("KeptRead", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("reads once within its time to live; after it, the next caller starts a new read and every caller gets the value kept until it answers", async () => {
    const node = controlledRead();
    const kept = new KeptRead(node.read, 200);
    const first = kept.get();
    const alsoFirst = kept.get();
    node.answer(1);
    expect([await first, await alsoFirst]).toEqual([1, 1]);
    expect(await kept.get()).toBe(1);
    expect(node.read).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(201);
    // Past its time to live: a new read starts, and nobody waits for it.
    expect(await kept.get()).toBe(1);
    expect(await kept.get()).toBe(1);
    expect(node.read).toHaveBeenCalledTimes(2);
    node.answer(2);
    await Promise.resolve();
    expect(await kept.get()).toBe(2);
    expect(node.read).toHaveBeenCalledTimes(2);
  });

  it("firstCallerWaits: the caller that starts a new read waits for it, the others meanwhile get the value kept", async () => {
    const node = controlledRead();
    const kept = new KeptRead(node.read, 1_000, true);
    const first = kept.get();
    node.answer(1);
    expect(await first).toBe(1);
    vi.advanceTimersByTime(1_001);
    const starting = kept.get();
    expect(await kept.get()).toBe(1);
    expect(await settled(starting)).toBe(false);
    node.answer(2);
    expect(await starting).toBe(2);
    expect(node.read).toHaveBeenCalledTimes(2);
  });

  it("reads again after a failed read, the value kept given meanwhile; the first read is waited for by all, and a read the node does not answer past the stale limit too", async () => {
    const node = controlledRead();
    const kept = new KeptRead(node.read, 200);
    const first = kept.get();
    node.fail();
    await expect(first).rejects.toThrow("node down");
    const second = kept.get();
    node.answer(5);
    expect(await second).toBe(5);

    vi.advanceTimersByTime(201);
    expect(await kept.get()).toBe(5);
    node.fail();
    await Promise.resolve();
    // The failed read is forgotten: the next caller starts another, and still gets the value kept.
    expect(await kept.get()).toBe(5);
    expect(node.read).toHaveBeenCalledTimes(4);

    // That read hangs: past the stale limit, callers wait for it rather than take a value this old.
    vi.advanceTimersByTime(STALE_LIMIT_MS);
    const waiting = kept.get();
    expect(await settled(waiting)).toBe(false);
    node.answer(6);
    expect(await waiting).toBe(6);
    expect(node.read).toHaveBeenCalledTimes(4);
  });

  it("since(t): a value read no earlier than t, within its time to live too; callers since the same moment share one read", async () => {
    const node = controlledRead();
    const kept = new KeptRead(node.read, 200);
    const first = kept.get();
    node.answer(1);
    expect(await first).toBe(1);

    // A deposit mined now: the value kept, still within its time to live, was read before it.
    vi.advanceTimersByTime(50);
    const minedAt = Date.now();
    expect(await kept.get()).toBe(1);
    const waiting = kept.since(minedAt);
    const alsoWaiting = kept.since(minedAt);
    expect(await settled(waiting)).toBe(false);
    expect(node.read).toHaveBeenCalledTimes(2);
    node.answer(2);
    expect([await waiting, await alsoWaiting]).toEqual([2, 2]);

    // That read is kept: asked since the same moment or earlier, it answers without reading.
    expect(await kept.since(minedAt)).toBe(2);
    expect(await kept.since(minedAt - 1_000)).toBe(2);
    expect(node.read).toHaveBeenCalledTimes(2);

    // A read under way that started before t does not do: a new one starts.
    vi.advanceTimersByTime(201);
    void kept.get();
    vi.advanceTimersByTime(10);
    const later = kept.since(Date.now());
    expect(node.read).toHaveBeenCalledTimes(4);
    node.answer(3);
    node.answer(4);
    expect(await later).toBe(4);
  });
});
