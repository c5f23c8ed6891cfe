// @vitest-environment node
import { parseEther } from "ethers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodeWheelParams, GameType } from "@engine/index";
import { laneNonce } from "@engine/session";
import { readyWallet } from "@/features/wallet/web3";
import { FakeCasinoChain } from "@/test/fake-casino-chain";
import { readHistoryPage } from "../onchain/history";
import { checkHistoryItem, UNPUBLISHED_ACTIONS } from "../onchain/history-check";

// The chain reads go to a fake Casino and node (the wallet layer is not loaded).
vi.mock("@/features/wallet/web3", () => ({ readyWallet: vi.fn() }));

let chain: FakeCasinoChain;
let serverUp: boolean;
let serverCalls: string[];

/** The server's GET /api/fairness/bets, answered from the fake chain's bets (or down). */
function serve(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  serverCalls.push(url.pathname + url.search);
  if (!serverUp || url.pathname !== "/api/fairness/bets") return Promise.resolve(new Response("down", { status: 503 }));
  const bets = chain.serverBets(Number(url.searchParams.get("limit")), BigInt(url.searchParams.get("beforeNonce")!));
  return Promise.resolve(Response.json({ bets }));
}

const wheel = (token: "DEGEN" | "BNB") => ({
  gameType: GameType.WHEEL,
  token,
  amount: token === "DEGEN" ? parseEther("10") : parseEther("0.01"),
  params: encodeWheelParams([0, 3]),
});
const nonces = (page: Awaited<ReturnType<typeof readHistoryPage>>) => page.items.map((item) => Number(item.bet.nonce));

beforeEach(() => {
  chain = new FakeCasinoChain();
  serverUp = true;
  serverCalls = [];
  vi.mocked(readyWallet).mockImplementation(async () => chain.wallet());
  vi.stubGlobal("fetch", vi.fn(serve));
});
afterEach(() => vi.unstubAllGlobals());

describe("the bet history read from the chain", () => {
  it("reads the newest page where the server says the bets are, every log request within 5,000 blocks, and checks each bet", async () => {
    const bets = [chain.place(wheel("DEGEN"), 200), chain.place(wheel("BNB"), 9_000), chain.place(wheel("DEGEN"), 30_000)];
    bets.forEach((bet) => chain.settle(bet, bet.block + 1));

    const page = await readHistoryPage(null);

    expect(nonces(page)).toEqual([2, 1, 0]);
    expect(page.older).toBeNull();
    expect(page.total).toBe(3n);
    for (const item of page.items) {
      expect(item.settlement).toMatchObject({ kind: "settled", block: item.bet.placedBlock + 1 });
      expect(checkHistoryItem(item, page)).toMatchObject({ ok: true, problems: [] });
    }
    expect(chain.logRequests.every(({ fromBlock, toBlock }) => toBlock - fromBlock < 5_000)).toBe(true);
    // BetPlaced: one request per cluster of bets (3, far apart); each resolution at its settled block.
    expect(chain.logRequests).toHaveLength(3 + 3);
    expect(serverCalls).toEqual(["/api/fairness/bets?limit=3&beforeNonce=3"]);
  });

  it("finds every bet from the chain alone when the server does not answer, searching down in ranges of 5,000 blocks", async () => {
    serverUp = false;
    const bets = [chain.place(wheel("BNB"), 200), chain.place(wheel("DEGEN"), 31_000), chain.place(wheel("BNB"), 61_000)];
    bets.forEach((bet) => chain.settle(bet, bet.block + 2));

    const page = await readHistoryPage(null);

    expect(nonces(page)).toEqual([2, 1, 0]);
    expect(page.items.map((item) => checkHistoryItem(item, page)?.ok)).toEqual([true, true, true]);
    expect(chain.logRequests.length).toBeGreaterThan(12); // 61,000 blocks down to the deployment
    expect(chain.logRequests.every(({ fromBlock, toBlock }) => toBlock - fromBlock < 5_000)).toBe(true);
  });

  it("pages newest first: each page continues below the last one's oldest bet, the last one says there is nothing older", async () => {
    serverUp = false;
    for (let i = 0; i < 5; i++) chain.settle(chain.place(wheel("BNB"), 1_000 + 10_000 * i), 1_001 + 10_000 * i);

    const first = await readHistoryPage(null, 2);
    expect(nonces(first)).toEqual([4, 3]);
    expect(first.older).toEqual({ lanes: [{ lane: 0n, below: 3n, block: 31_000, resolvedBelow: 5n }], total: 5n });

    chain.logRequests.length = 0;
    const second = await readHistoryPage(first.older, 2);
    expect(nonces(second)).toEqual([2, 1]);
    expect(Math.max(...chain.logRequests.map((request) => request.toBlock))).toBe(31_000); // nothing above the first page read again

    const last = await readHistoryPage(second.older, 2);
    expect(nonces(last)).toEqual([0]);
    expect(last.older).toBeNull();
  });

  it("does not let a wrong hint hide a bet: what the server misplaces is searched for on chain", async () => {
    const bets = [chain.place(wheel("BNB"), 500), chain.place(wheel("BNB"), 20_000)];
    bets.forEach((bet) => chain.settle(bet, bet.block + 1));
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json({ bets: chain.serverBets(2, 2n).map((bet) => ({ ...bet, placedBlock: 7_777, settledBlock: 7_778 })) }),
    );

    const page = await readHistoryPage(null);

    expect(nonces(page)).toEqual([1, 0]);
    expect(page.items.map((item) => item.settlement?.block)).toEqual([20_001, 501]);
  });

  it("shows an open bet as open with its claim time, and reads no resolution for it", async () => {
    chain.settle(chain.place(wheel("BNB"), 300), 301);
    chain.place(wheel("DEGEN"), 400);
    chain.head = { block: 410, time: chain.head.time + 30 };

    const page = await readHistoryPage(null);

    const [open, settled] = page.items;
    expect(open).toMatchObject({ settlement: null, commitment: null, claimableAt: chain.head.time + 3_600 });
    expect(checkHistoryItem(open!, page)).toBeNull();
    expect(settled!.commitment).toEqual({ root: chain.seeds.commitment, firstNonce: 0n });
  });
});

describe("a history bet's check", () => {
  it("names a wrong payout", async () => {
    chain.settle(chain.place({ gameType: GameType.KICKBOXING, token: "BNB", amount: parseEther("0.01"), params: 0n }, 300), 301, { wrongBy: 1n });
    const page = await readHistoryPage(null);
    const check = checkHistoryItem(page.items[0]!, page)!;
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([expect.stringMatching(/^payout \d+ differs from the rules' \d+$/)]);
  });

  it("checks each bet against its own lane's chain, one link a bet: a wallet bet against CommitmentSet, a session's against its LaneOpened root", async () => {
    const lane = chain.openLane(290);
    chain.settle(chain.place({ ...wheel("BNB"), lane }, 300), 300);
    chain.settle(chain.place(wheel("BNB"), 301), 301);
    chain.settle(chain.place({ ...wheel("BNB"), lane }, 302), 302);
    // A session's bet settled with a link of its chain that is not its own.
    chain.settle(chain.place({ ...wheel("BNB"), lane }, 303), 303, { linkOff: 1 });
    const page = await readHistoryPage(null);
    const [wrongLink, second, wallet, first] = page.items;
    expect(page.items.map((item) => item.bet.nonce)).toEqual([laneNonce(lane, 2), laneNonce(lane, 1), 0n, laneNonce(lane, 0)]);
    const laneRoot = { root: chain.lanes[lane]!.seeds.commitment, firstNonce: laneNonce(lane, 0) };
    expect([first!.commitment, second!.commitment, wallet!.commitment]).toEqual([laneRoot, laneRoot, { root: chain.seeds.commitment, firstNonce: 0n }]);
    for (const item of [first, second, wallet]) expect(checkHistoryItem(item!, page)).toMatchObject({ ok: true, problems: [] });
    expect(checkHistoryItem(wrongLink!, page)).toMatchObject({
      ok: false,
      problems: ["the seed does not hash down to the commitment the bet was placed under"],
    });
  });

  it("lists every lane's bets newest first by block, and pages each lane on from where the last page left it", async () => {
    serverUp = false;
    const [one, two] = [chain.openLane(150), chain.openLane(160)];
    // Blocks: wallet 200, lane one 210, lane two 220, wallet 230, lane one 240, lane two 250.
    for (const [i, lane] of [0, one, two, 0, one, two].entries()) chain.settle(chain.place({ ...wheel("BNB"), lane }, 200 + 10 * i), 201 + 10 * i);

    const first = await readHistoryPage(null, 4);
    expect(first.items.map((item) => item.bet.placedBlock)).toEqual([250, 240, 230, 220]);
    expect(first.total).toBe(6n);
    const second = await readHistoryPage(first.older, 4);
    expect(second.items.map((item) => item.bet.placedBlock)).toEqual([210, 200]);
    expect(second.older).toBeNull();
    expect([...first.items, ...second.items].every((item) => checkHistoryItem(item, first)?.ok)).toBe(true);
  });

  it("replays an interactive round with the actions the server published, and says so when it published none", async () => {
    const crash = { gameType: GameType.CRASH, token: "BNB" as const, amount: parseEther("0.01"), params: 0n };
    chain.settle(chain.place(crash, 300), 301, { actions: 100 });

    const page = await readHistoryPage(null);
    expect(page.items[0]!.actions).toBe(100);
    expect(checkHistoryItem(page.items[0]!, page)).toMatchObject({ ok: true });

    serverUp = false;
    const withoutServer = await readHistoryPage(null);
    expect(withoutServer.items[0]!.actions).toBeUndefined();
    expect(checkHistoryItem(withoutServer.items[0]!, withoutServer)).toMatchObject({ ok: false, problems: [UNPUBLISHED_ACTIONS] });
  });
});
