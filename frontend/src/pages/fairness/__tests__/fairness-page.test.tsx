import { screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodeWheelParams, GameType, randomWord } from "@engine/index";
import { useWalletStore } from "@/features/wallet";
import { readyWallet } from "@/features/wallet/web3";
import { FakeCasinoChain } from "@/test/fake-casino-chain";
import { renderRoute } from "@/test/render-route";
import { chainSessionReads } from "../session-reads";
import { FakeSessions } from "./fake-sessions";

// The chain reads go to a fake Casino and node: the history, its checks and the page are real.
vi.mock("@/features/wallet/web3", () => ({ readyWallet: vi.fn() }));
vi.mock("../session-reads", () => ({ chainSessionReads: vi.fn() }));

const EXPLORER = "https://testnet.bscscan.com";
let chain: FakeCasinoChain;
let sessions: FakeSessions;

function serve(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  // A POST (issue #19, finding R2-11): asking may post a fresh chain on chain, which a GET must never do.
  if (url.pathname === "/api/fairness/commitment" && init?.method === "POST") {
    const next = chain.bets.length;
    return Promise.resolve(
      Response.json({ commitment: chain.seeds.commitment, root: chain.seeds.commitment, nextNonce: String(next), remaining: 64 - next, chainLength: 64 }),
    );
  }
  if (url.pathname === "/api/fairness/bets") {
    return Promise.resolve(Response.json({ bets: chain.serverBets(Number(url.searchParams.get("limit")), BigInt(url.searchParams.get("beforeNonce")!)) }));
  }
  return Promise.resolve(new Response("not found", { status: 404 }));
}

function connect(): void {
  useWalletStore.setState({ mode: "web3", account: chain.player, chainId: chain.chainId });
}

const wheelBet = { gameType: GameType.WHEEL, token: "DEGEN" as const, amount: parseEther("10"), params: encodeWheelParams([0]) };

beforeEach(() => {
  chain = new FakeCasinoChain();
  sessions = new FakeSessions(chain);
  vi.mocked(chainSessionReads)
    .mockClear()
    .mockImplementation(async () => sessions.reads());
  vi.mocked(readyWallet)
    .mockClear()
    .mockImplementation(async () => chain.wallet(EXPLORER));
  vi.stubGlobal("fetch", vi.fn(serve));
});
afterEach(() => vi.unstubAllGlobals());

describe("the fairness page", () => {
  it("lists the player's bets from the chain: a verified one, one that does not verify with its problem, an open one", async () => {
    const verified = chain.place(wheelBet, 200);
    chain.settle(verified, 201);
    const wrong = chain.place({ gameType: GameType.KICKBOXING, token: "BNB", amount: parseEther("0.01"), params: 1n }, 6_000);
    chain.settle(wrong, 6_001, { wrongBy: parseEther("0.005") });
    const open = chain.place(wheelBet, 6_010);
    chain.head = { block: 6_030, time: chain.head.time + 30 };
    connect();

    renderRoute("/fairness");

    expect(await screen.findByRole("heading", { level: 1, name: "Provably fair" })).toBeInTheDocument();
    const entries = await screen.findAllByTestId("history-bet");
    expect(entries.map((entry) => [entry.dataset.betId, entry.dataset.verdict])).toEqual([
      [open.betId.toString(), "open"],
      [wrong.betId.toString(), "mismatch"],
      [verified.betId.toString(), "ok"],
    ]);
    expect(screen.getByTestId("history-summary")).toHaveTextContent("3 of 3 shown: 1 verified, 1 not verified");

    const [openEntry, wrongEntry, verifiedEntry] = entries as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(openEntry).getByTestId("history-open")).toHaveTextContent("Open: not settled yet, 20 blocks since the bet. The settlement is late");
    expect(within(openEntry).queryByTestId("history-claim")).not.toBeInTheDocument();

    expect(within(wrongEntry).getByTestId("history-verdict")).toHaveTextContent("Does not verify");
    expect(within(wrongEntry).getByTestId("history-problems")).toHaveTextContent(/payout \d+ differs from the rules' \d+/);
    expect(wrongEntry).toHaveTextContent("Kickboxing");
    expect(wrongEntry).toHaveTextContent("Jackpot— (BNB bets have no jackpot draw)");

    const seed = chain.seeds.seed(1);
    const word = randomWord({ seed, clientSeed: verified.clientSeed, player: chain.player, nonce: 0n, chainId: chain.chainId, casino: chain.casino });
    expect(within(verifiedEntry).getByTestId("history-verdict")).toHaveTextContent("Verified");
    expect(within(verifiedEntry).getByTestId("history-seed")).toHaveTextContent(seed);
    expect(within(verifiedEntry).getByTestId("history-word")).toHaveTextContent(word);
    expect(verifiedEntry).toHaveTextContent("Wheel of Fortune");
    expect(verifiedEntry).toHaveTextContent("10.00 DEGEN →");
    expect(verifiedEntry).toHaveTextContent(/Jackpot(miss|HIT: won [\d.]+ DEGEN)/);
    expect(within(verifiedEntry).getByTestId("history-bet-tx")).toHaveAttribute("href", `${EXPLORER}/tx/${verified.txHash}`);
    expect(within(verifiedEntry).getByTestId("history-settle-tx").getAttribute("href")).toMatch(new RegExp(`^${EXPLORER}/tx/0x[0-9a-f]{64}$`));

    // How each payout was enforced, and how each bet was placed.
    expect(within(verifiedEntry.closest("[data-testid=fairness-bet]")!).getByTestId("bet-enforced")).toHaveTextContent(
      "Payout computed on chain by the rules contract at settlement, from the random word: the Casino pays no other amount.",
    );
    await waitFor(() =>
      expect(within(verifiedEntry.closest("[data-testid=fairness-bet]")!).getByTestId("bet-signature")).toHaveTextContent("Sent from your wallet."),
    );
    expect(openEntry.closest("[data-testid=fairness-bet]")!.querySelector("[data-testid=bet-enforcement]")).toHaveAttribute("data-enforced", "open");

    // The next bet: the house's commitment in full, the links left, the client seed (changeable).
    expect(screen.getByTestId("commitment")).toHaveTextContent(`${chain.seeds.commitment} before your bet: your next wallet bet (#3)`);
    expect(within(verifiedEntry).getByTestId("history-bet-place")).toHaveTextContent("wallet bet #0");
    expect(screen.getByTestId("commitment")).toHaveTextContent("61 of 64 links left.");
    expect(screen.getByTestId("edit-client-seed")).toBeInTheDocument();
  });

  it("shows a one-click bet signed by its session's key and checked against its lane's chain, one relayed otherwise than signed, and one signed by another session's key", async () => {
    const { key, lane } = sessions.openSession(150);
    const other = sessions.openSession(160);
    const signed = chain.place({ ...wheelBet, lane }, 200);
    await sessions.relay(signed, key);
    chain.settle(signed, 200);
    const altered = chain.place({ ...wheelBet, lane }, 210);
    await sessions.relay(altered, key, { amount: parseEther("1") });
    chain.settle(altered, 210);
    const wrongKey = chain.place({ ...wheelBet, lane }, 220);
    await sessions.relay(wrongKey, other.key);
    chain.settle(wrongKey, 220);
    connect();

    renderRoute("/fairness");

    const item = async (betId: bigint) => (await screen.findAllByTestId("fairness-bet")).find((entry) => entry.dataset.betId === betId.toString())!;
    const signature = async (betId: bigint) => {
      const entry = await item(betId);
      await waitFor(() => expect(within(entry).getByTestId("bet-signature")).not.toHaveTextContent("Checking"));
      return within(entry).getByTestId("bet-signature");
    };
    expect(await signature(signed.betId)).toHaveTextContent(`Signed by your session key ${key.address.slice(0, 10)}`);
    expect(await signature(signed.betId)).toHaveTextContent("the key of this bet's session: the bet placed is exactly the one it signed.");
    expect(await signature(signed.betId)).toHaveAttribute("data-ok", "true");
    expect(await signature(altered.betId)).toHaveTextContent(
      "Relayed, but not as your session key signed it:the bet placed has stake 10000000000000000000, your session key signed 1000000000000000000",
    );
    expect(await signature(wrongKey.betId)).toHaveTextContent(`the key that signed it opened session ${other.lane}, and this bet is of session ${lane}`);
    expect(chainSessionReads).toHaveBeenCalledTimes(1);
    // Each settled with its lane's own chain, one link a bet, and named by its place in the lane.
    const entry = await item(signed.betId);
    expect(within(entry).getByTestId("history-verdict")).toHaveTextContent("Verified");
    expect(within(entry).getByTestId("history-seed")).toHaveTextContent(chain.lanes[lane]!.seeds.seed(1));
    expect(within(entry).getByTestId("history-bet-place")).toHaveTextContent(`one-click session ${lane} · bet #0`);
  });

  it("loads older bets on demand, 20 at a time", async () => {
    for (let i = 0; i < 21; i++) chain.settle(chain.place({ ...wheelBet, token: "BNB", amount: parseEther("0.01") }, 200 + 2 * i), 201 + 2 * i);
    connect();
    const { user } = renderRoute("/fairness");

    await waitFor(() => expect(screen.getAllByTestId("history-bet")).toHaveLength(20));
    expect(screen.getByTestId("history-summary")).toHaveTextContent("20 of 21 shown: 20 verified");
    await user.click(screen.getByTestId("history-more"));
    await waitFor(() => expect(screen.getAllByTestId("history-bet")).toHaveLength(21));
    expect(screen.getAllByTestId("history-bet").at(-1)!.dataset.betId).toBe(chain.bets[0]!.betId.toString());
    expect(screen.queryByTestId("history-more")).not.toBeInTheDocument();
  });

  it("in demo mode explains the formula and asks for a wallet, reading nothing from a chain", async () => {
    const { user } = renderRoute("/");
    await user.click(await screen.findByTestId("header-fairness"));

    expect(await screen.findByRole("heading", { level: 1, name: "Provably fair" })).toBeInTheDocument();
    expect(screen.getByTestId("fairness-formula")).toHaveTextContent("word = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino))");
    expect(screen.getByTestId("fairness-demo")).toHaveTextContent("Connect a wallet to play on chain and see your bets here");
    expect(screen.getByTestId("fairness-recompute")).toHaveTextContent("Every payout is enforced on chain.");
    expect(screen.getByTestId("fairness-recompute")).toHaveTextContent("npm run verify -- --rpc <any node>");
    expect(screen.queryByTestId("bet-history")).not.toBeInTheDocument();
    expect(readyWallet).not.toHaveBeenCalled();
    expect(
      vi
        .mocked(fetch)
        .mock.calls.map(([url]) => String(url))
        .filter((url) => url.includes("/api/fairness")),
    ).toEqual([]);
  });
});
