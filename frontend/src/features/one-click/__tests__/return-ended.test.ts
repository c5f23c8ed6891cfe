import { beforeEach, describe, expect, it, vi } from "vitest";
import { useWalletStore } from "@/features/wallet";
import type { ReadyWallet } from "@/features/wallet/web3";
import { useOneClickStore } from "../one-click-store";
import { returnEndedSessions } from "../session-key";
import { keepEndedSession, readEndedSessions } from "../storage";

// An ended session's lane gives its funds back to the vault with closeSession, which the server
// sends; the tab asks the wallet only when the server has not within a minute of the end, once.
const PLAYER = "0x1234567890abcdef1234567890abcdef12345678";
const KEY = "0x" + "ab".repeat(20);
const CHAIN_ID = 31337;
const ENDS_AT = 2_000_000_000;

const chain = vi.hoisted(() => ({ time: 0, funds: [0n, 0n] as [bigint, bigint], openBet: false, closes: [] as unknown[][] }));
const sent = vi.hoisted(() => [] as unknown[]);
vi.mock("@/features/wallet/web3/transactions", () => ({
  sendTransaction: async (_wallet: unknown, tx: unknown) => void sent.push(tx),
}));
vi.mock("@/features/wallet/web3", () => ({
  readyWallet: async () =>
    ({
      account: PLAYER,
      config: { chain: { id: CHAIN_ID } },
      provider: { getBlock: async () => ({ timestamp: chain.time }) },
      contracts: {
        casino: {
          laneOf: async (_player: string, lane: number) => ["0x", (BigInt(lane) << 32n) | 4n, (BigInt(lane) << 32n) | (chain.openBet ? 3n : 4n), chain.funds],
        },
        sessions: {
          closeSession: {
            populateTransaction: async (...args: unknown[]) => {
              chain.closes.push(args);
              return { to: "sessions", data: "0xclose" };
            },
          },
        },
      },
    }) as unknown as ReadyWallet,
}));

function ended() {
  sessionStorage.clear();
  keepEndedSession(CHAIN_ID, PLAYER, { key: KEY, lane: 3, endsAt: ENDS_AT });
  useOneClickStore.getState().sync();
}

describe("an ended session's funds going back to the vault", () => {
  beforeEach(() => {
    useWalletStore.setState({ mode: "web3", account: PLAYER, chainId: CHAIN_ID });
    Object.assign(chain, { funds: [0n, 0n], openBet: false, closes: [] });
    sent.length = 0;
  });

  it("waits for the session's end, then for the server, and asks the wallet once for a lane that still holds funds", async () => {
    ended();
    chain.funds = [10n ** 20n, 0n];
    // Not ended yet on the chain's clock, then ended less than a minute ago: the server's turn.
    for (const time of [ENDS_AT, ENDS_AT + 60]) {
      chain.time = time;
      await returnEndedSessions();
    }
    expect(sent).toEqual([]);
    chain.time = ENDS_AT + 61;
    await returnEndedSessions();
    await returnEndedSessions();
    expect(chain.closes).toEqual([[PLAYER, KEY]]);
    expect(sent).toEqual([{ to: "sessions", data: "0xclose" }]);
    expect(readEndedSessions(CHAIN_ID, PLAYER)).toHaveLength(1);
  });

  it("forgets a lane that holds nothing and has no bet open, and keeps watching one whose hand is still open", async () => {
    ended();
    chain.time = ENDS_AT + 1;
    chain.openBet = true;
    await returnEndedSessions();
    expect(useOneClickStore.getState().ended).toHaveLength(1);
    chain.openBet = false;
    await returnEndedSessions();
    expect(readEndedSessions(CHAIN_ID, PLAYER)).toEqual([]);
    expect(useOneClickStore.getState().ended).toEqual([]);
    expect(sent).toEqual([]);
  });
});
