import { describe, expect, it } from "vitest";
import { DemoHandStore, type DemoHandLimits } from "../src/games/demo-hands";

const WORD = "0x" + "ab".repeat(32);
const LIMITS: DemoHandLimits = { idleMs: 30 * 60_000, finishedMs: 60_000, maxHands: 3 };

function storeAt(limits: DemoHandLimits = LIMITS) {
  const clock = { now: 1_000_000 };
  const store = new DemoHandStore(limits, () => clock.now);
  const add = (id: string, finished = false) => store.add({ id, token: "DEGEN", betAmount: 10n ** 19n, word: WORD, actions: [], finished });
  return { clock, store, add };
}

describe("demo hand store", () => {
  it("keeps a hand in play until it has been idle for idleMs, counting from its last action", () => {
    const { clock, store, add } = storeAt();
    add("a");
    clock.now += LIMITS.idleMs - 1;
    const hand = store.get("a")!;
    expect(hand).toMatchObject({ id: "a", token: "DEGEN", betAmount: 10n ** 19n, word: WORD, actions: [], finished: false });
    store.update(hand, ["HIT"], false);
    clock.now += LIMITS.idleMs - 1;
    expect(store.get("a")?.actions).toEqual(["HIT"]);
    clock.now += 1;
    expect(store.get("a")).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("drops a finished hand after finishedMs, long before an idle one", () => {
    const { clock, store, add } = storeAt();
    add("playing");
    add("done");
    store.update(store.get("done")!, ["STAND"], true);
    clock.now += LIMITS.finishedMs - 1;
    expect(store.get("done")?.finished).toBe(true);
    clock.now += 1;
    expect(store.get("done")).toBeUndefined();
    expect(store.get("playing")).toBeDefined();
  });

  it("never holds more than maxHands: a new hand evicts the one idle the longest", () => {
    const { clock, store, add } = storeAt();
    add("first");
    clock.now += 1;
    add("second");
    clock.now += 1;
    add("third");
    clock.now += 1;
    // Playing the first hand makes the second the longest idle.
    store.update(store.get("first")!, ["HIT"], false);
    add("fourth");
    expect(store.size).toBe(3);
    expect(store.get("second")).toBeUndefined();
    for (const id of ["first", "third", "fourth"]) expect(store.get(id)).toBeDefined();
  });

  it("sweeps expired hands on a later start even if nobody asks for them again", () => {
    const { clock, store, add } = storeAt({ ...LIMITS, maxHands: 1000 });
    for (let i = 0; i < 100; i++) add(`done-${i}`, true);
    add("playing");
    expect(store.size).toBe(101);
    clock.now += LIMITS.finishedMs;
    add("new");
    expect(store.size).toBe(2);
    expect(store.get("playing")).toBeDefined();
  });

  it("stays bounded under a flood of starts", () => {
    const { store, add } = storeAt({ ...LIMITS, maxHands: 500 });
    for (let i = 0; i < 5000; i++) add(`flood-${i}`);
    expect(store.size).toBe(500);
    expect(store.get("flood-4999")).toBeDefined();
    expect(store.get("flood-4499")).toBeUndefined();
  });
});
