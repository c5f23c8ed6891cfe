import { getAddress } from "ethers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GameType } from "@engine/gameTypes";
import { keepCountersignature, keepSignedBet, type StoredSignedBet } from "@/features/one-click/storage";
import { placeBet } from "../onchain/place-bet";

// A wallet bet takes the player's next nonce: over a countersigned one-click bet of that nonce that
// can still land, it would make the relay forfeit that bet's stake (docs/protocol.md §4.3).
const PLAYER = getAddress("0x1234567890abcdef1234567890abcdef12345678");
const CHAIN_ID = 31337;
const NEXT_NONCE = 5n;
const NOW = 1_900_000_000;

const server = vi.hoisted(() => ({ asked: 0 }));
vi.mock("@/lib/api-client", () => ({
  apiRequest: async () => {
    server.asked++;
    throw new Error("the wallet bet went on");
  },
  serverErrorText: () => null,
}));
vi.mock("../terms-store", () => ({ termsForBet: async () => 42n, useBetTermsStore: { getState: () => ({ read: async () => 42n }) } }));
vi.mock("@/features/wallet/web3", () => ({
  readyWallet: async () => ({
    account: PLAYER,
    config: { chain: { id: CHAIN_ID } },
    contracts: { casino: { commitmentOf: async () => ["0x" + "77".repeat(32), NEXT_NONCE, 100n, "0x" + "77".repeat(32), NEXT_NONCE, 200n] } },
    provider: { getBlock: async () => ({ number: 10, timestamp: NOW }) },
  }),
}));

function keep(nonce: bigint, deadline: number, countersigned: boolean) {
  const bet = { bet: { nonce: nonce.toString() }, deadline: String(deadline) } as unknown as StoredSignedBet;
  keepSignedBet(CHAIN_ID, PLAYER, bet);
  if (countersigned) keepCountersignature(CHAIN_ID, PLAYER, nonce.toString(), "0x" + "cc".repeat(65));
}

const request = { game: "wheel", gameType: GameType.WHEEL, params: 3n, token: "DEGEN", stake: 10 } as const;

describe("placeBet: a wallet bet never takes the turn of a one-click bet that can still land", () => {
  beforeEach(() => {
    sessionStorage.clear();
    server.asked = 0;
  });

  it("refuses while a countersigned bet of the next nonce is before its deadline, saying how long", async () => {
    keep(NEXT_NONCE, NOW + 200, true);
    await expect(placeBet(request, () => undefined)).rejects.toThrow(
      "Your last one-click bet can still land for 200 s: a wallet bet now would take its turn and forfeit its stake. Wait for it to land.",
    );
    expect(server.asked, "nothing was asked of the server").toBe(0);
  });

  it("goes on once that bet's deadline has passed, for a bet the server never countersigned, and for a nonce already spent", async () => {
    keep(NEXT_NONCE, NOW - 1, true);
    keep(NEXT_NONCE + 1n, NOW + 200, false);
    keep(NEXT_NONCE - 1n, NOW + 200, true);
    await expect(placeBet(request, () => undefined)).rejects.toThrow("the wallet bet went on");
    expect(server.asked).toBe(1);
  });
});
