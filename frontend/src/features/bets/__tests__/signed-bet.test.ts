import { getAddress, keccak256, parseEther, type Log } from "ethers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GameType } from "@engine/gameTypes";
import { laneNonce } from "@engine/session";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import type { SessionSigner } from "@/features/one-click/session-key";
import { keepSignedBet, readSignedBets, type StoredSignedBet } from "@/features/one-click/signed-bets";
import type { ReadyWallet } from "@/features/wallet/web3";
import type { ActiveBet } from "../bet-store";
import type { ChainBet } from "../onchain/chain-bet";
import { betFromWalletInstead, NOT_COUNTERSIGNED, placeSignedBet, sendSignedBetFromWallet } from "../onchain/signed-bet";

// The one-click bet's way to the chain with its surroundings faked: the server (accepting with a
// countersignature, refusing, or not reachable), the node (the lane's state; the bet lands when
// told), the wallet. A session's bets are its lane's (docs/decisions.md §4, "lanes").
const PLAYER = getAddress("0x1234567890abcdef1234567890abcdef12345678");
const DEGEN = getAddress("0x" + "d1".repeat(20));
const CASINO = getAddress("0x" + "c1".repeat(20));
const SETTLER = getAddress("0x" + "5e".repeat(20));
const KEY = getAddress("0x" + "ab".repeat(20));
const COUNTERSIGNATURE = "0x" + "cc".repeat(65);
const LANE = 3n;
/** The lane's next nonce on chain: its sixth bet. */
const NEXT = laneNonce(LANE, 5);
const iface = Casino__factory.createInterface();

type Answer = { countersignature?: string } | "refused" | "unreachable";
const server = vi.hoisted(() => ({
  answer: "unreachable" as unknown,
  /** GET /api/sessions/bets/:id: what the server has of a bet (null: none). */
  record: null as null | { status: string; countersignature?: string },
  requests: [] as { method: string; url: string; body: unknown }[],
}));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/api-client")>();
  return {
    ...actual,
    apiRequest: async (method: string, url: string, body?: unknown) => {
      server.requests.push({ method, url, body });
      if (url === "/api/sessions/bets") {
        const answer = server.answer as Answer;
        if (answer === "refused") throw new actual.ApiError(403, JSON.stringify({ error: "This bet would pass your loss limit" }));
        if (answer === "unreachable") throw new TypeError("Failed to fetch");
        const nonce = (body as { bet: { nonce: string } }).bet.nonce;
        return { betId: "1", nonce, ...answer };
      }
      if (url.startsWith("/api/sessions/bets/") && method === "GET") {
        if (!server.record) throw new actual.ApiError(404, JSON.stringify({ error: "No session bet with this id" }));
        return { betId: "1", nonce: "0", ...server.record };
      }
      if (url === "/api/sessions/bets/1/seed") return { betId: "1", status: "queued" };
      throw new Error(`unexpected ${method} ${url}`);
    },
  };
});
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
/** The wallet's own bet (playGame, lane 0) when the server refused the signed one. */
const walletBet = vi.hoisted(() => ({ placed: 0 }));
vi.mock("../onchain/place-bet", () => ({
  placeBet: async () => {
    walletBet.placed++;
    return { betId: 99n, nonce: 0n, txHash: "0xwallet" } as unknown as ChainBet;
  },
}));

/** The node: the head moves one block per read at the wall clock's time; the signed bet of `landing` lands when set. */
let chain: { head: number; time: number; landing: bigint | null; places: unknown[][] };

function betPlacedLog(nonce: bigint, clientSeed: string): Log {
  const betId = (BigInt(PLAYER) << 64n) | nonce;
  const { topics, data } = iface.encodeEventLog("BetPlaced", [betId, PLAYER, DEGEN, parseEther("10"), GameType.WHEEL, 1n, nonce, clientSeed, 42n, 0n, 0n]);
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
      getBlock: async () => ({ number: ++chain.head, timestamp: chain.time }),
      getLogs: async () => {
        if (chain.landing === null) return [];
        const stored = readSignedBets(31337, PLAYER, LANE)[chain.landing.toString()]!;
        return [betPlacedLog(chain.landing, stored.bet.clientSeed)];
      },
    },
    contracts: {
      casino: {
        interface: iface,
        getAddress: async () => CASINO,
        laneOf: async (_player: string, lane: bigint) => ["0x" + "77".repeat(32), laneNonce(lane, 5), laneNonce(lane, 5), [parseEther("100"), 0n]],
      },
      sessions: {
        place: Object.assign(async () => undefined, {
          staticCall: async (...args: unknown[]) => void chain.places.push(["staticCall", ...args]),
          populateTransaction: async (...args: unknown[]) => {
            chain.places.push(["populate", ...args]);
            return { to: "sessions" };
          },
        }),
        connect() {
          return this;
        },
      },
    },
  } as unknown as ReadyWallet;
}

const EXPIRES_AT = 4_000_000_000;
const signer = {
  session: { grant: { key: KEY, expiresAt: String(EXPIRES_AT) } },
  lane: LANE,
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

/** A bet of the lane signed earlier (another page load), kept in the tab. */
function keptBet(nonce: bigint, change: Partial<StoredSignedBet> = {}): StoredSignedBet {
  const kept: StoredSignedBet = {
    bet: {
      player: PLAYER,
      token: DEGEN,
      amount: String(parseEther("10")),
      game: 0,
      params: "1",
      clientSeed: "0x" + "99".repeat(32),
      nonce: String(nonce),
      terms: "42",
    },
    deadline: String(chain.time + 200),
    r: "0x" + "01".repeat(32),
    vs: "0x" + "02".repeat(32),
    key: KEY,
    symbol: "DEGEN",
    signedAtBlock: 90,
    ...change,
  };
  keepSignedBet(31337, PLAYER, kept);
  return kept;
}

const posted = () => server.requests.filter((request) => request.url === "/api/sessions/bets").map((request) => request.body as { bet: { nonce: string } });

/** A fresh chain, server, wallet and session store for each test. */
function resetFakes(): void {
  sessionStorage.clear();
  chain = { head: 100, time: Math.floor(Date.now() / 1000), landing: null, places: [] };
  server.requests = [];
  server.record = null;
  sent.length = 0;
  walletBet.placed = 0;
  wallet.current = fakeWallet();
}

describe("a one-click bet signed for its session's lane", () => {
  beforeEach(resetFakes);

  it("carries the lane's nonce, a client seed of its own and a deadline on the chain's clock; the wallet places that same bet with the server's countersignature", async () => {
    server.answer = { countersignature: COUNTERSIGNATURE };
    const { placing, isLate, patches } = placeUntilLate();
    await isLate;
    const kept = readSignedBets(31337, PLAYER, LANE)[NEXT.toString()]!;
    // The lane's next on chain; the deadline within the window the server takes, from the head block's time.
    expect(kept.bet.nonce).toBe(NEXT.toString());
    expect(kept.deadline).toBe(String(chain.time + 270));
    expect(kept.bet).not.toHaveProperty("expectedCommit");
    // The chain takes a signed bet from the settler, or from anyone with its countersignature.
    expect(chain.places[0]).toEqual(["staticCall", expect.objectContaining({ deadline: BigInt(kept.deadline) }), "0x", { from: SETTLER }]);
    expect(kept.countersignature).toBe(COUNTERSIGNATURE);
    // The server is sent the hash of the client seed, and the seed once it countersigned (issue #37 item 3); no commitment is asked.
    expect(server.requests.map((request) => request.url)).toEqual(["/api/sessions/bets", "/api/sessions/bets/1/seed"]);
    const { clientSeed, ...signedFields } = kept.bet;
    expect(server.requests[0]!.body).toEqual({
      bet: { ...signedFields, clientSeedHash: keccak256(clientSeed) },
      deadline: kept.deadline,
      r: kept.r,
      vs: kept.vs,
    });
    expect(server.requests[1]!.body).toEqual({ clientSeed });
    expect(patches.find((patch) => patch.stage === "relay-late")).toMatchObject({ oneClick: { nonce: NEXT.toString(), countersigned: true, refused: false } });

    await sendSignedBetFromWallet(NEXT.toString(), () => undefined);
    expect(chain.places[1]).toEqual(["populate", expect.objectContaining({ r: kept.r, vs: kept.vs }), COUNTERSIGNATURE]);
    expect(sent).toEqual([{ to: "sessions" }]);

    chain.landing = NEXT;
    const { bet, settlement } = await placing;
    expect(bet).toMatchObject({ nonce: NEXT, clientSeed: kept.bet.clientSeed });
    expect(settlement).toBeNull();
    expect(readSignedBets(31337, PLAYER, LANE)).toEqual({});
  });

  it("draws a new client seed for every signature: two bets, two seeds, each the fairness panel's", async () => {
    server.answer = { countersignature: COUNTERSIGNATURE };
    const { useFairnessStore } = await import("../fairness-store");
    const shown = useFairnessStore.getState().clientSeed;
    const first = placeUntilLate();
    await first.isLate;
    chain.landing = NEXT;
    await first.placing;
    chain.landing = null;
    const second = placeUntilLate();
    await second.isLate;
    const seeds = posted().map((body) => (body as unknown as { bet: { clientSeedHash: string } }).bet.clientSeedHash);
    expect(seeds[0]).toBe(keccak256(shown));
    expect(seeds[1]).not.toBe(seeds[0]);
    chain.landing = NEXT;
    await second.placing;
  });

  it("signs behind the lane's bets that can still land, and signs again, with a new seed, the nonce of one whose deadline passed", async () => {
    server.answer = { countersignature: COUNTERSIGNATURE };
    keptBet(NEXT, { countersignature: COUNTERSIGNATURE });
    const behind = placeUntilLate();
    await behind.isLate;
    expect(posted().map((body) => body.bet.nonce)).toEqual([(NEXT + 1n).toString()]);
    // Not the lane's next: the chain cannot place it before the earlier one lands, so it is not simulated.
    expect(chain.places).toEqual([]);
    chain.landing = NEXT + 1n;
    await behind.placing;

    sessionStorage.clear();
    server.requests = [];
    chain.landing = null;
    keptBet(NEXT, { countersignature: COUNTERSIGNATURE, deadline: String(chain.time - 1) });
    keptBet(NEXT + 1n, { countersignature: COUNTERSIGNATURE });
    const again = placeUntilLate();
    await again.isLate;
    expect(posted().map((body) => body.bet.nonce)).toEqual([NEXT.toString()]);
    expect(Object.keys(readSignedBets(31337, PLAYER, LANE))).toEqual([NEXT.toString()]);
    expect(readSignedBets(31337, PLAYER, LANE)[NEXT.toString()]!.bet.clientSeed).not.toBe("0x" + "99".repeat(32));
    chain.landing = NEXT;
    await again.placing;
  });

  it("asks the server about a kept bet it may never have had: one it does not know frees its nonce", async () => {
    server.answer = { countersignature: COUNTERSIGNATURE };
    keptBet(NEXT);
    const placed = placeUntilLate();
    await placed.isLate;
    expect(server.requests[0]).toMatchObject({ method: "GET", url: `/api/sessions/bets/${(BigInt(PLAYER) << 64n) | NEXT}` });
    expect(posted().map((body) => body.bet.nonce)).toEqual([NEXT.toString()]);
    chain.landing = NEXT;
    await placed.placing;
  });
});

describe("a signed bet the server did not accept", () => {
  beforeEach(resetFakes);

  it("refused: says why, cannot go from the wallet, and the wallet bets as usual instead, from the vault", async () => {
    server.answer = "refused";
    const { placing, isLate, patches } = placeUntilLate();
    await isLate;
    expect(patches.find((patch) => patch.stage === "relay-late")).toMatchObject({
      oneClick: { nonce: NEXT.toString(), countersigned: false, refused: true },
      relayProblem: "The server did not take your signed bet: This bet would pass your loss limit.",
    });
    expect(readSignedBets(31337, PLAYER, LANE)[NEXT.toString()]).toMatchObject({ refused: true });
    await expect(sendSignedBetFromWallet(NEXT.toString(), () => undefined)).rejects.toThrow(NOT_COUNTERSIGNED);
    expect(sent).toEqual([]);

    await betFromWalletInstead(NEXT.toString(), () => undefined);
    const { bet } = await placing;
    expect(walletBet.placed).toBe(1);
    expect(bet).toMatchObject({ txHash: "0xwallet" });
    await expect(betFromWalletInstead(NEXT.toString(), () => undefined)).rejects.toThrow("no longer waiting");
  });

  it("unreachable: the server is asked whether it has the bet; one it has keeps its turn and its countersignature, one it has not is refused", async () => {
    server.answer = "unreachable";
    server.record = { status: "queued", countersignature: COUNTERSIGNATURE };
    const kept = placeUntilLate();
    await kept.isLate;
    expect(readSignedBets(31337, PLAYER, LANE)[NEXT.toString()]!.countersignature).toBe(COUNTERSIGNATURE);
    expect(kept.patches.find((patch) => patch.stage === "relay-late")).toMatchObject({ oneClick: { countersigned: true, refused: false } });
    chain.landing = NEXT;
    await kept.placing;

    chain.landing = null;
    server.record = null;
    const lost = placeUntilLate();
    await lost.isLate;
    expect(lost.patches.find((patch) => patch.stage === "relay-late")).toMatchObject({
      oneClick: { countersigned: false, refused: true },
      relayProblem: "The server did not take your signed bet: the server could not be reached.",
    });
    await betFromWalletInstead(NEXT.toString(), () => undefined);
    await lost.placing;
  });
});
