/**
 * Verifier bench (`npm run bench:verify`): a few thousand bets of every game and both tokens,
 * placed and honestly settled on a local `hardhat node` with empty blocks between the rounds (a
 * history spread over many blocks, as on a testnet), then verified as an auditor would
 * (verifyChain over JSON-RPC, what `npm run verify` runs): straight from the node, and through a
 * proxy that delays every request as a distant public RPC does. Prints bets per second.
 */
import http from "node:http";
import { parseEther } from "ethers";
import { GameType, type Token } from "../../engine/src/index";
import { tempDir } from "../../server/test/support/app";
import { startChain } from "../../server/test/support/chain";
import { verifyChain } from "../src/run";
import { TestHouse, type BetSpec } from "../test/support/house";

const BETS_PER_PLAYER = Number(process.env.BENCH_VERIFY_BETS_PER_PLAYER ?? 1000);
/** Bets per player placed before they are settled: keeps each player's open reservations within the house's limits. */
const ROUND = 250;
/** Blocks the history spans (empty ones mined after each round): 200 eth_getLogs chunks of 5,000. */
const SPAN_BLOCKS = Number(process.env.BENCH_VERIFY_SPAN_BLOCKS ?? 1_000_000);
/** A public node's round trip, added to every request by the proxy. */
const LATENCY_MS = Number(process.env.BENCH_VERIFY_LATENCY_MS ?? 150);
const RUNS = 3;
const GAMES: { gameType: GameType; params: bigint }[] = [
  { gameType: GameType.WHEEL, params: 0b101n },
  { gameType: GameType.SLOTS, params: 0n },
  { gameType: GameType.BLACKJACK, params: 0n },
  { gameType: GameType.KICKBOXING, params: 1n },
  { gameType: GameType.CRASH, params: 0n },
  { gameType: GameType.CRASH, params: 250n },
];
const STAKE: Record<Token, bigint> = { DEGEN: parseEther("1"), BNB: parseEther("0.001") };

export async function runVerifierBench(): Promise<void> {
  const temp = tempDir();
  const chain = await startChain(temp.dir);
  try {
    const house = await TestHouse.open(chain);
    for (const player of chain.players) await house.commit(player.address);
    const generating = Date.now();
    const gap = Math.floor(SPAN_BLOCKS / Math.ceil(BETS_PER_PLAYER / ROUND));
    for (let done = 0; done < BETS_PER_PLAYER; done += ROUND) {
      const specs: BetSpec[] = [];
      for (let i = done; i < Math.min(BETS_PER_PLAYER, done + ROUND); i++) {
        const token: Token = i % 2 === 0 ? "DEGEN" : "BNB";
        for (const player of chain.players) specs.push({ player, token, amount: STAKE[token], ...GAMES[Math.floor(i / 2) % GAMES.length]! });
      }
      await house.settleHonestly(await house.place(specs));
      await chain.provider.send("hardhat_mine", ["0x" + gap.toString(16)]);
    }
    const bets = BETS_PER_PLAYER * chain.players.length;
    const blocks = await chain.provider.getBlockNumber();
    console.log(
      `Verifier: ${bets} bets (${chain.players.length} players, every game, DEGEN and BNB) over ${blocks} blocks, placed and settled in ${((Date.now() - generating) / 1000).toFixed(1)} s; each reading verified ${RUNS} times, eth_getLogs over 5,000 blocks, 4 in flight`,
    );
    const proxy = await delayingProxy(chain.rpcUrl, LATENCY_MS);
    try {
      for (const [rpc, via] of [
        [chain.rpcUrl, "local node"],
        [proxy.url, `+${LATENCY_MS} ms per request`],
      ] as const) {
        for (let run = 1; run <= RUNS; run++) {
          // The verifier's own CPU time (the node is another process): a figure a loaded machine does not skew.
          const cpu = process.cpuUsage();
          const { summary, run: info, result } = await verifyChain({ rpc, deployment: chain.deploymentFile, chunk: 5000, concurrency: 4 });
          const { user, system } = process.cpuUsage(cpu);
          if (result.problems.length)
            throw new Error(`the verifier found ${result.problems.length} problems in an honest history: ${result.problems[0]!.message}`);
          console.log(
            JSON.stringify({
              via,
              run,
              bets: result.bets.length,
              events: info.events,
              rpcRequests: info.rpcRequests,
              seconds: +info.seconds.toFixed(3),
              checkingSeconds: +info.checkingSeconds.toFixed(3),
              betsPerSec: summary.betsPerSecond,
              checkedPerSec: Math.round(result.bets.length / info.checkingSeconds),
              betsPerCpuSec: Math.round(result.bets.length / ((user + system) / 1e6)),
            }),
          );
        }
      }
    } finally {
      await proxy.close();
    }
  } finally {
    await chain.stop();
    temp.dispose();
  }
}

/** An HTTP proxy to the node that answers every request `latencyMs` late. */
async function delayingProxy(target: string, latencyMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const answer = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
