import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType, isInteractive, type Token } from "../../engine/src/index";
import { tempDir } from "../../server/test/support/app";
import { type TestChain } from "../../server/test/support/chain";
import { freshChain } from "../../server/test/support/fresh-chain";
import { verifyChain, type Verification, type VerifyOptions } from "../src/run";
import { runVerifyCli } from "./support/cli";
import { TestHouse, type BetSpec } from "./support/house";
import { delayingProxy, type DelayingProxy } from "./support/proxy";

const GAMES: { gameType: GameType; params: bigint }[] = [
  { gameType: GameType.WHEEL, params: 0b11n },
  { gameType: GameType.SLOTS, params: 0n },
  { gameType: GameType.BLACKJACK, params: 0n },
  { gameType: GameType.KICKBOXING, params: 2n },
  { gameType: GameType.CRASH, params: 0n },
  { gameType: GameType.CRASH, params: 300n },
];
const STAKE: Record<Token, bigint> = { DEGEN: parseEther("10"), BNB: parseEther("0.01") };
const ROUNDS = 4;
/** Empty blocks after each round: the history spans some 60 eth_getLogs chunks of CHUNK blocks. */
const GAP_BLOCKS = 600;
const CHUNK = 40;
const RATE = 25;
const SETTLE_WINDOW_S = 3600;

/** What a run reports apart from how long it took. */
function report({ result, overdue, summary, run }: Verification) {
  const { seconds: _s, betsPerSecond: _b, ...counts } = summary;
  const { seconds: _t, checkingSeconds: _c, ...where } = run;
  return { result, overdue, counts, where };
}

describe("reading with requests in flight under a rate limit, checking on worker threads", () => {
  let temp: ReturnType<typeof tempDir>;
  let chain: TestChain;
  let proxy: DelayingProxy;
  const verify = (settings: Pick<VerifyOptions, "concurrency" | "requestsPerSecond" | "workers" | "batch">, rpc = chain.rpcUrl) =>
    verifyChain({ rpc, deployment: chain.deploymentFile, chunk: CHUNK, ...settings });

  beforeAll(async () => {
    temp = tempDir();
    chain = await freshChain(temp.dir);
    const house = await TestHouse.open(chain);
    for (const player of chain.players) await house.commit(player.address);
    // Half the players bet from their wallets, half one-click from a session: the transactions
    // that carry signatures are read too, in flight with the logs.
    const [wallets, sessions] = [chain.players.slice(0, 3), chain.players.slice(3)];
    for (const player of sessions) await house.openSession(player);
    const specsOf = (players: typeof wallets, games: typeof GAMES): BetSpec[] =>
      players.flatMap((player) => (["DEGEN", "BNB"] as const).flatMap((token) => games.map((game) => ({ player, token, amount: STAKE[token], ...game }))));
    const interactive = (game: (typeof GAMES)[number]) => isInteractive(game.gameType, game.params);
    for (let round = 0; round < ROUNDS; round++) {
      await house.settleHonestly(await house.place(specsOf(wallets, GAMES)));
      await house.play(
        specsOf(
          sessions,
          GAMES.filter((game) => !interactive(game)),
        ),
      );
      // A session's lane takes a bet once the one before it is resolved: one hand of each session at a time.
      const hands = specsOf(sessions, GAMES.filter(interactive));
      const perPlayer = hands.length / sessions.length;
      for (let wave = 0; wave < perPlayer; wave++) {
        const signed = [];
        for (let p = 0; p < sessions.length; p++) signed.push(await house.placeSigned(hands[p * perPlayer + wave]!));
        await house.settleHonestly(signed);
      }
      await chain.provider.send("hardhat_mine", ["0x" + GAP_BLOCKS.toString(16)]);
    }
    // One withheld past its settle window.
    await house.place([{ player: chain.players[0]!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.SLOTS }]);
    await house.advanceTime(SETTLE_WINDOW_S + 1);
    proxy = await delayingProxy(chain.rpcUrl, 20);
  });

  afterAll(async () => {
    await proxy?.close();
    await chain?.stop();
    temp?.dispose();
  });

  it("reports what one request at a time, checked on the reading thread, reports", async () => {
    const serial = await verify({ concurrency: 1, workers: 0 });
    expect(serial.result.bets).toHaveLength(ROUNDS * chain.players.length * 2 * GAMES.length);
    expect(serial.result.problems).toEqual([]);
    expect(serial.summary.placements).toEqual({ wallet: serial.result.bets.length / 2, session: serial.result.bets.length / 2 });
    expect(serial.overdue).toHaveLength(1);

    const parallel = await verify({ concurrency: 8, requestsPerSecond: RATE, workers: 2 }, proxy.url);
    expect(report(parallel)).toEqual(report(serial));
    expect(parallel.run.rpcRequests).toBeGreaterThan(2 * RATE);
    // Requests are timed where they arrive, at the proxy: a busy machine delays some of one second's
    // into the next (CI saw 27 in a second at 25 a second), so a second may see a few more than RATE.
    // Over the whole run they came no faster than RATE; without the limit, 8 at a time come hundreds a second.
    const arrivals = proxy.arrivals;
    const busiest = Math.max(...arrivals.map((start) => arrivals.filter((t) => t >= start && t < start + 1000).length));
    expect(busiest).toBeLessThanOrEqual(RATE + 3);
    const seconds = (Math.max(...arrivals) - Math.min(...arrivals)) / 1000;
    expect(arrivals.length).toBeLessThanOrEqual(RATE * (seconds + 1));
  });

  it("halves its batch requests for the rest of the run when the node refuses one as too large, and reports the same", async () => {
    const serial = await verify({ concurrency: 1, workers: 0 });
    const strict = await delayingProxy(chain.rpcUrl, 0, 7);
    try {
      const batched = await verify({ concurrency: 8, workers: 2, batch: 40 }, strict.url);
      const { rpcRequests: _r, ...where } = report(batched).where;
      const { rpcRequests: _s, ...serialWhere } = report(serial).where;
      expect({ ...report(batched), where }).toEqual({ ...report(serial), where: serialWhere });
      expect(strict.refused).toBeGreaterThan(0);
      // 40 calls refused, then 20 and 10: batches of 5 for the rest of the run (a part of a
      // shorter batch sent before may pass at 6 or 7), none beyond the node's limit.
      expect(Math.max(...strict.batches)).toBeLessThanOrEqual(7);
      expect(Math.max(...strict.batches)).toBeGreaterThanOrEqual(5);
    } finally {
      await strict.close();
    }
  });

  it("takes --concurrency, --rps and --workers on the command line, the output and exit status unchanged", async () => {
    const args = ["--rpc", chain.rpcUrl, "--deployment", chain.deploymentFile, "--chunk", String(CHUNK), "--json"];
    const serial = await runVerifyCli([...args, "--concurrency", "1", "--rps", "0", "--workers", "0"]);
    const parallel = await runVerifyCli([...args, "--concurrency", "8", "--rps", String(RATE), "--workers", "2"]);
    expect(serial.code).toBe(0);
    expect(parallel.code).toBe(0);
    expect(parallel.stderr).toBe("");
    const timeless = (stdout: string) => {
      const { run, summary, ...rest } = JSON.parse(stdout) as { run: Record<string, unknown>; summary: Record<string, unknown> };
      const { seconds: _t, checkingSeconds: _c, ...where } = run;
      const { seconds: _s, betsPerSecond: _b, ...counts } = summary;
      return { where, counts, ...rest };
    };
    expect(timeless(parallel.stdout)).toEqual(timeless(serial.stdout));
    expect((await runVerifyCli([...args, "--workers", "two"])).stderr).toContain(`--workers must be an integer ≥ 0, got "two"`);
  });
});
