import type { JsonRpcProvider } from "ethers";
import { describe, expect, it } from "vitest";
import { BlockSenders } from "../src/sessions/block-senders";

const ALICE = "0x00000000000000000000000000000000000000A1";
const BOB = "0x00000000000000000000000000000000000000b0";

/** A chain the test writes: block n's senders, and a fork tag in its hashes. */
function fakeChain() {
  const senders = new Map<number, { from: string; type: string }[]>();
  let head = 0;
  let fork = "a";
  const reads: string[] = [];
  const hash = (n: number) => `0x${fork}${n}`;
  const provider = {
    async send(method: string, params: unknown[]) {
      reads.push(method);
      if (method === "eth_blockNumber") return `0x${head.toString(16)}`;
      const n = Number(params[0]);
      if (n > head) return null;
      return { number: `0x${n.toString(16)}`, hash: hash(n), parentHash: hash(n - 1), transactions: senders.get(n) ?? [] };
    },
  } as unknown as JsonRpcProvider;
  return {
    provider,
    reads,
    mine(...from: string[]) {
      senders.set(
        ++head,
        from.map((sender) => ({ from: sender, type: "0x2" })),
      );
      return head;
    },
    /** A block with a set-code transaction (EIP-7702) sent by `from`. */
    mineSetCode(from: string) {
      senders.set(++head, [{ from, type: "0x4" }]);
      return head;
    },
    /** Replaces every block from `n` on with blocks of another fork (no senders). */
    reorganise(n: number) {
      fork = fork === "a" ? "b" : "a";
      for (let k = n; k <= head; k++) senders.set(k, []);
    },
  };
}

describe("BlockSenders", () => {
  it("tells whether a player sent a transaction in the blocks after a mark's, whatever the address's case", async () => {
    const chain = fakeChain();
    const senders = new BlockSenders(chain.provider);
    const marked = chain.mine(BOB);
    const sent = chain.mine(ALICE.toLowerCase());
    const head = chain.mine();
    expect(await senders.through(undefined, marked)).toBe(head);
    expect(senders.sentBetween(ALICE, marked, head)).toBe(true);
    expect(senders.sentBetween(ALICE, sent, head)).toBe(false);
    expect(senders.sentBetween(BOB, marked, head)).toBe(false);
  });

  it("answers nothing for blocks it has not scanned: before its first, or after its last", async () => {
    const chain = fakeChain();
    const senders = new BlockSenders(chain.provider);
    chain.mine();
    const marked = chain.mine(ALICE);
    const head = chain.mine();
    await senders.through(head, marked);
    expect(senders.sentBetween(ALICE, marked, head)).toBe(false);
    expect(senders.sentBetween(ALICE, marked - 1, head)).toBeUndefined();
    expect(senders.sentBetween(ALICE, marked, head + 1)).toBeUndefined();
  });

  it("scans only the blocks mined since its last scan, and reaches back again for an older mark", async () => {
    const chain = fakeChain();
    const senders = new BlockSenders(chain.provider);
    const first = chain.mine();
    chain.mine(ALICE);
    await senders.through(chain.mine());
    expect(senders.sentBetween(ALICE, first, 3)).toBeUndefined();
    chain.reads.length = 0;
    await senders.through(chain.mine());
    expect(chain.reads).toEqual(["eth_getBlockByNumber"]);
    await senders.through(undefined, first);
    expect(senders.sentBetween(ALICE, first, 4)).toBe(true);
  });

  it("starts its window again after a reorganisation: what the replaced blocks showed counts no more", async () => {
    const chain = fakeChain();
    const senders = new BlockSenders(chain.provider);
    const marked = chain.mine();
    chain.mine(ALICE);
    await senders.through(chain.mine(), marked);
    expect(senders.sentBetween(ALICE, marked, 3)).toBe(true);
    chain.reorganise(2);
    const head = chain.mine();
    await senders.through(head);
    expect(senders.sentBetween(ALICE, head - 1, head)).toBe(false);
    expect(senders.sentBetween(ALICE, marked, head)).toBeUndefined();
  });

  it("answers nothing across a set-code transaction (EIP-7702), whoever sent it: its authorizations move others' nonces", async () => {
    const chain = fakeChain();
    const senders = new BlockSenders(chain.provider);
    const marked = chain.mine();
    const setCode = chain.mineSetCode(BOB);
    const head = chain.mine();
    await senders.through(head, marked);
    expect(senders.sentBetween(ALICE, marked, head)).toBeUndefined();
    expect(senders.sentBetween(BOB, marked, head)).toBe(true);
    expect(senders.sentBetween(ALICE, setCode, head)).toBe(false);
  });
});
