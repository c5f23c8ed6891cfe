import { getAddress, keccak256, parseEther, type Log } from "ethers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GameType } from "@engine/gameTypes";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import type { SessionSigner } from "@/features/one-click/session-key";
import { readSignedBets } from "@/features/one-click/storage";
import type { ReadyWallet } from "@/features/wallet/web3";
import type { ActiveBet } from "../bet-store";
import type { ChainBet } from "../onchain/chain-bet";
import { betFromWalletInstead, NOT_COUNTERSIGNED, placeSignedBet, sendSignedBetFromWallet } from "../onchain/signed-bet";

// The one-click bet's way to the chain with its surroundings faked: the server (accepting with a
// countersignature, or not reachable), the node (the bet lands when told), the wallet.
const PLAYER = getAddress("0x1234567890abcdef1234567890abcdef12345678");
const DEGEN = getAddress("0x" + "d1".repeat(20));
const CASINO = getAddress("0x" + "c1".repeat(20));
const SETTLER = getAddress("0x" + "5e".repeat(20));
const KEY = getAddress("0x" + "ab".repeat(20));
const COMMIT = "0x" + "77".repeat(32);
const COUNTERSIGNATURE = "0x" + "cc".repeat(65);
const NONCE = 5n;
const iface = Casino__factory.createInterface();

const server = vi.hoisted(() => ({ accept: null as null | { countersignature?: string }, posts: [] as { url: string; body: unknown }[] }));
vi.mock("@/lib/api-client", () => ({
  apiRequest: async (_method: string, url: string, body?: unknown) => {
    server.posts.push({ url, body });
    if (url === "/api/fairness/commitment") return { expectedCommit: "0x" + "77".repeat(32) };
    if (url === "/api/sessions/bets") {
      if (!server.accept) throw new Error("the server could not be reached");
      return { betId: "1", nonce: "5", ...server.accept };
    }
    if (url === "/api/sessions/bets/1/seed") return { betId: "1", status: "queued" };
    throw new Error(`unexpected ${url}`);
  },
  serverErrorText: () => null,
}));
vi.mock("../terms-store", () => ({ termsForBet: async () => 42n }));

const wallet = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("@/features/wallet/web3", () => ({ readyWallet: async () => wallet.current }));
const sent = vi.hoisted(() => [] as unknown[]);
vi.mock("@/features/wallet/web3/transactions", () => ({
  sendTransaction: async (_wallet: unknown, tx: unknown) => {
    sent.push(tx);
    return {};
  },
}));
/** The wallet's own bet (playGame) when the server never accepted the signed one. */
const walletBet = vi.hoisted(() => ({ placed: 0 }));
vi.mock("../onchain/place-bet", () => ({
  placeBet: async () => {
    walletBet.placed++;
    return { betId: 99n, nonce: 5n, txHash: "0xwallet", relayed: false } as unknown as ChainBet;
  },
}));

/** The node: the head moves one block per read; the bet lands once `landed` is set. */
let chain: { head: number; landed: boolean; places: unknown[][] };

function betPlacedLog(signedBet: { clientSeed: string }): Log {
  const betId = (BigInt(PLAYER) << 64n) | NONCE;
  const { topics, data } = iface.encodeEventLog("BetPlaced", [
    betId,
    PLAYER,
    DEGEN,
    parseEther("10"),
    GameType.WHEEL,
    1n,
    NONCE,
    signedBet.clientSeed,
    42n,
    0n,
    0n,
  ]);
  return {
    address: CASINO,
    topics,
    data,
    blockNumber: chain.head,
    blockHash: "0x" + "01".repeat(32),
    transactionHash: "0x" + "ee".repeat(32),
    index: 0,
  } as unknown as Log;
}

function fakeWallet(): ReadyWallet {
  return {
    account: PLAYER,
    config: { chain: { id: 31337, blockExplorerUrls: [] }, contracts: { DegenToken: DEGEN, Casino: CASINO }, settler: SETTLER },
    provider: {
      getBlockNumber: async () => chain.head,
      getBlock: async () => ({ number: ++chain.head, timestamp: 1_000 }),
      getLogs: async () => {
        if (!chain.landed) return [];
        const stored = readSignedBets(31337, PLAYER)[NONCE.toString()] ?? { bet: { clientSeed: "0x" + "00".repeat(32) } };
        return [betPlacedLog(stored.bet)];
      },
    },
    contracts: {
      casino: { interface: iface, getAddress: async () => CASINO, commitmentOf: async () => [COMMIT, NONCE, 10n, COMMIT, NONCE, 10n] },
      sessions: {
        place: Object.assign(async () => undefined, {
          staticCall: async (...args: unknown[]) => void chain.places.push(["staticCall", ...args]),
          populateTransaction: async (...args: unknown[]) => {
            chain.places.push(["populate", ...args]);
            return { to: "sessions" };
          },
        }),
        sessionOf: async () => ({ revoked: false, expiresAt: 10_000n }),
        connect() {
          return this;
        },
      },
    },
  } as unknown as ReadyWallet;
}

const signer = {
  session: { secret: "0x" + "5a".repeat(32), grant: { key: KEY, expiresAt: "5000" } },
  signBet: () => ({ r: "0x" + "01".repeat(32), vs: "0x" + "02".repeat(32) }),
} as unknown as SessionSigner;

const request = { game: "wheel" as const, gameType: GameType.WHEEL, token: "DEGEN" as const, stake: 10, params: 1n };

/** Places the signed bet, and resolves once the panel says it is late with what it was told. */
function placeUntilLate() {
  const patches: Partial<ActiveBet>[] = [];
  let late!: () => void;
  const isLate = new Promise<void>((resolve) => (late = resolve));
  const placing = placeSignedBet(request, fakeWallet(), signer, (patch) => {
    patches.push(patch);
    if (patch.stage === "relay-late") late();
  });
  return { placing, isLate, patches };
}

describe("a signed bet and the wallet's way when the relay fails", () => {
  beforeEach(() => {
    sessionStorage.clear();
    chain = { head: 100, landed: false, places: [] };
    server.posts = [];
    sent.length = 0;
    walletBet.placed = 0;
    wallet.current = fakeWallet();
  });
  afterEach(() => vi.useRealTimers());

  it("simulates the bet as the settler sends it, keeps the server's countersignature with it, and the wallet places that same bet with it", async () => {
    server.accept = { countersignature: COUNTERSIGNATURE };
    const { placing, isLate, patches } = placeUntilLate();
    await isLate;
    // The chain takes a signed bet from the settler, or from anyone with its countersignature.
    expect(chain.places[0]).toEqual(["staticCall", expect.objectContaining({ deadline: 5000n }), "0x", { from: SETTLER }]);
    const kept = readSignedBets(31337, PLAYER)["5"]!;
    expect(kept.countersignature).toBe(COUNTERSIGNATURE);
    // The server is sent the hash of the client seed, and the seed once it countersigned (issue #37 item 3).
    expect(server.posts.map((post) => post.url)).toEqual(["/api/fairness/commitment", "/api/sessions/bets", "/api/sessions/bets/1/seed"]);
    const { clientSeed, ...signedFields } = kept.bet;
    expect(server.posts[1]!.body).toEqual({ bet: { ...signedFields, clientSeedHash: keccak256(clientSeed) }, deadline: kept.deadline, r: kept.r, vs: kept.vs });
    expect(server.posts[2]!.body).toEqual({ clientSeed });
    expect(patches.find((patch) => patch.stage === "relay-late")).toMatchObject({ oneClick: { nonce: "5", countersigned: true } });

    await sendSignedBetFromWallet("5", () => undefined);
    expect(chain.places[1]).toEqual(["populate", expect.objectContaining({ r: kept.r, vs: kept.vs, deadline: 5000n }), COUNTERSIGNATURE]);
    expect(sent).toEqual([{ to: "sessions" }]);

    chain.landed = true;
    const { bet, settlement } = await placing;
    // Placed through CasinoSessions: checked against its chain's relay link.
    expect(bet).toMatchObject({ nonce: NONCE, clientSeed: kept.bet.clientSeed, relayed: true });
    expect(settlement).toBeNull();
    expect(readSignedBets(31337, PLAYER)).toEqual({});
  });

  it("says plainly that a bet the server never accepted cannot go from the wallet, and bets from the wallet as usual instead", async () => {
    server.accept = null;
    const { placing, isLate, patches } = placeUntilLate();
    await isLate;
    expect(patches.find((patch) => patch.stage === "relay-late")).toMatchObject({
      oneClick: { nonce: "5", countersigned: false },
      relayProblem: "The server did not take your signed bet: the server could not be reached.",
    });
    expect(readSignedBets(31337, PLAYER)["5"]!.countersignature).toBeUndefined();
    await expect(sendSignedBetFromWallet("5", () => undefined)).rejects.toThrow(NOT_COUNTERSIGNED);
    expect(sent).toEqual([]);

    await betFromWalletInstead("5", () => undefined);
    const { bet } = await placing;
    expect(walletBet.placed).toBe(1);
    expect(bet).toMatchObject({ txHash: "0xwallet", relayed: false });
    // The wallet bet took the nonce: the signed bet is forgotten, it can never land now.
    expect(readSignedBets(31337, PLAYER)).toEqual({});
    await expect(betFromWalletInstead("5", () => undefined)).rejects.toThrow("no longer waiting");
  });
});
