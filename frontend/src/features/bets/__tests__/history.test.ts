// @vitest-environment node
import { parseEther } from "ethers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodeWheelParams, GameType } from "@engine/index";
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
    expect(first.older).toEqual({ nonce: 3n, block: 31_000 });

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
    expect(settled!.commitment).toEqual({ root: chain.seeds.commitment, firstNonce: 0n, relayed: false });
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

  it("checks a signed bet's seed as its chain's relay link (2k-1), and a wallet bet's as the link above (2k)", async () => {
    const relayed = chain.place({ ...wheel("BNB"), relayed: true }, 300);
    chain.settle(relayed, 300);
    chain.settle(chain.place(wheel("BNB"), 301), 301);
    // A bet placed through CasinoSessions but settled with its wallet seed: not its link.
    chain.settle(chain.place({ ...wheel("BNB"), relayed: true }, 302), 302, { relaySeed: false });
    const page = await readHistoryPage(null);
    const [wrongLink, wallet, signed] = page.items;
    expect([signed!.commitment?.relayed, wallet!.commitment?.relayed, wrongLink!.commitment?.relayed]).toEqual([true, false, true]);
    expect(checkHistoryItem(signed!, page)).toMatchObject({ ok: true, problems: [] });
    expect(checkHistoryItem(wallet!, page)).toMatchObject({ ok: true, problems: [] });
    expect(checkHistoryItem(wrongLink!, page)).toMatchObject({
      ok: false,
      problems: ["the seed does not hash down to the commitment the bet was placed under"],
    });
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
