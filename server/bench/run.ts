/**
 * Server bench (`npm run bench:server`): HTTP latency of the demo routes with autocannon against
 * the real server process, and settlement throughput on a local Hardhat node.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { NonceManager, parseEther, type Wallet } from "ethers";
import { GameType } from "../src/engine";
import { REPO_ROOT } from "../src/config";
import { APP_ORIGIN, CHAIN_ID, SIWE_DOMAIN, tempDir } from "../test/support/app";
import { freePort, startChain, type TestChain } from "../test/support/chain";
import { Client, signIn } from "../test/support/http";
import type { Casino } from "../../typechain-types/contracts/Casino";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 10;
const BETS_PER_PLAYER = Number(process.env.BENCH_BETS_PER_PLAYER ?? 100);
const BLOCK_INTERVAL_MS = 1000;

async function startServer(chain: TestChain, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(path.join(REPO_ROOT, "node_modules", ".bin", "tsx"), ["server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      RPC_URL: chain.rpcUrl,
      APP_ORIGIN,
      DATA_DIR: dataDir,
      DEPLOYMENT_FILE: chain.deploymentFile,
      SETTLER_POLL_MS: "100",
      // The bench measures the routes, not the limiter's 429s (the limiter still runs).
      RATE_LIMIT_IP_PER_MINUTE: "100000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 600; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function http(url: string, title: string, body: unknown) {
  const result = await autocannon({
    url,
    method: "POST",
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const line = {
    route: title,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(JSON.stringify(line));
  return line;
}

type Prepared = { player: Wallet; casino: Casino; expectedCommit: string }[];

/** Every player places BETS_PER_PLAYER wheel bets at once; returns each bet's block. */
async function placeBets(chain: TestChain, prepared: Prepared, round: number): Promise<Map<string, number>> {
  const degen = await chain.token.getAddress();
  const placed = await Promise.all(
    prepared.map(async ({ casino, expectedCommit }) => {
      const sent = [];
      for (let i = 0; i < BETS_PER_PLAYER; i++) {
        const clientSeed = "0x" + String(round * BETS_PER_PLAYER + i + 1).padStart(64, "0");
        // An estimate taken before the previous block's settlements can fall short once they land.
        const overrides = { gasLimit: 200_000n };
        sent.push(await casino.playGame(degen, parseEther("1"), GameType.WHEEL, 0b111n, clientSeed, expectedCommit, overrides));
      }
      return Promise.all(sent.map((tx) => tx.wait()));
    }),
  );
  const blocks = new Map<string, number>();
  for (const receipt of placed.flat()) {
    const log = receipt!.logs.map((l) => chain.casino.interface.parseLog(l)).find((l) => l?.name === "BetPlaced")!;
    blocks.set(log.args.betId.toString(), receipt!.blockNumber);
  }
  return blocks;
}

/**
 * The settler's own capacity, apart from how fast one machine can place bets: the bets are placed
 * while the server is down, then the restarted server clears the backlog.
 */
async function backlogThroughput(chain: TestChain, prepared: Prepared, restartServer: () => Promise<void>, stopServer: () => Promise<void>) {
  await stopServer();
  const fromBlock = await chain.provider.getBlockNumber();
  const placed = await placeBets(chain, prepared, 1);
  const started = Date.now();
  await restartServer();
  for (;;) {
    const settled = (await chain.casino.queryFilter(chain.casino.filters.BetSettled(), fromBlock)).filter((log) => placed.has(log.args.betId.toString()));
    if (settled.length >= placed.size) {
      const seconds = (Date.now() - started) / 1000;
      const line = {
        backlog: placed.size,
        clearedWithinSecondsOfRestart: seconds,
        betsSettledPerSec: Math.round(placed.size / seconds),
        settlementTransactions: new Set(settled.map((log) => log.transactionHash)).size,
      };
      console.log(JSON.stringify(line));
      return;
    }
    if (Date.now() - started > 300_000) throw new Error(`only ${settled.length}/${placed.size} of the backlog settled`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function settlementThroughput(chain: TestChain, apiUrl: string) {
  const degen = await chain.token.getAddress();
  const casinoAddress = await chain.casino.getAddress();
  const players = chain.players;
  const prepared: Prepared = [];
  for (const player of players) {
    const client = new Client(apiUrl);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    const expectedCommit = (await client.get("/api/fairness/commitment")).body.expectedCommit as string;
    await (await chain.token.connect(player).approve(casinoAddress, parseEther("100000"))).wait();
    await (await (chain.casino.connect(player) as Casino).deposit(degen, parseEther("100000"))).wait();
    prepared.push({ player, casino: chain.casino.connect(new NonceManager(player)) as Casino, expectedCommit });
  }
  // A real chain mines on a clock (BSC Testnet: about every 3 s), not one block per transaction:
  // mine every second so that "the block after the bet" and batching mean what they do there.
  await chain.provider.send("evm_setAutomine", [false]);
  await chain.provider.send("evm_setIntervalMining", [BLOCK_INTERVAL_MS]);
  const startBlock = await chain.provider.getBlockNumber();
  const started = Date.now();
  const placedBlocks = await placeBets(chain, prepared, 0);
  const placedDone = Date.now();
  const total = placedBlocks.size;
  for (;;) {
    const settled = await chain.casino.queryFilter(chain.casino.filters.BetSettled(), startBlock);
    if (settled.length >= total) {
      const done = Date.now();
      const lags = settled.map((log) => log.blockNumber - placedBlocks.get(log.args.betId.toString())!);
      const settlementTxs = new Set(settled.map((log) => log.transactionHash)).size;
      const line = {
        bets: total,
        placingSeconds: (placedDone - started) / 1000,
        betsPlacedPerSec: Math.round(total / ((placedDone - started) / 1000)),
        settledWithinSeconds: (done - started) / 1000,
        betsSettledPerSec: Math.round(total / ((done - started) / 1000)),
        settlementTransactions: settlementTxs,
        blocksFromBetToSettlement: { min: Math.min(...lags), median: lags.sort((a, b) => a - b)[Math.floor(lags.length / 2)], max: Math.max(...lags) },
      };
      console.log(JSON.stringify(line));
      return prepared;
    }
    if (Date.now() - started > 300_000) throw new Error(`only ${settled.length}/${total} settled`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runServerBench(): Promise<void> {
  const temp = tempDir();
  const chain = await startChain(temp.dir);
  const port = await freePort();
  let server = await startServer(chain, path.join(temp.dir, "db"), port);
  const apiUrl = `http://127.0.0.1:${port}`;
  const stopServer = async () => {
    const exited = new Promise((r) => server.once("exit", r));
    process.kill(-server.pid!, "SIGTERM");
    await exited;
  };
  const restartServer = async () => {
    server = await startServer(chain, path.join(temp.dir, "db"), port);
  };
  try {
    console.log(`Server bench: ${CONNECTIONS} connections, ${DURATION_S} s per route (targets: p99 ≤ 10 ms at ≥ 2,000 req/s)`);
    await http(`${apiUrl}/api/slots/spin`, "POST /api/slots/spin (demo)", { token: "DEGEN", betAmount: 10 });
    await http(`${apiUrl}/api/blackjack/start`, "POST /api/blackjack/start (demo)", { token: "DEGEN", action: "START", betAmount: 10 });
    console.log(
      `Settlement: ${chain.players.length} players × ${BETS_PER_PLAYER} wheel bets, a block every ${BLOCK_INTERVAL_MS} ms (targets: ≥ 200 bets/s, the block after the bet)`,
    );
    const prepared = await settlementThroughput(chain, apiUrl);
    console.log(`Settlement backlog: the same bets placed while the server is down, then settled after its restart`);
    await backlogThroughput(chain, prepared, restartServer, stopServer);
  } catch (error) {
    // Report the cause before the clean-up below cancels whatever is still in flight.
    console.error(error);
    throw error;
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    await chain.stop();
    temp.dispose();
  }
}
