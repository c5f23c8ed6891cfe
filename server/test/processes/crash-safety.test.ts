import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType } from "../../src/engine";
import type { Casino } from "../../../typechain-types";
import { APP_ORIGIN, CHAIN_ID, SIWE_DOMAIN, tempDir } from "../support/app";
import { freePort, type TestChain } from "../support/chain";
import { freshChain } from "../support/fresh-chain";
import { Client, signIn } from "../support/http";
import { serverInstance, type Instance } from "../support/instance";
import { MASTER_SECRET } from "../support/play";

const KILLS = 10;
let chain: TestChain;
let temp: ReturnType<typeof tempDir>;
let server: Instance;

beforeAll(async () => {
  temp = tempDir();
  chain = await freshChain(temp.dir);
  server = serverInstance("server", await freePort(), {
    RPC_URL: chain.rpcUrl,
    APP_ORIGIN,
    DATA_DIR: path.join(temp.dir, "db"),
    DEPLOYMENT_FILE: chain.deploymentFile,
    MASTER_SECRET,
    SETTLER_POLL_MS: "100",
  });
});
afterAll(async () => {
  await server?.kill9();
  await chain?.stop();
  temp?.dispose();
});

/** What a failure needs to be explained: the server's view of each open bet, the settler's nonces, the full server log. */
async function stuckReport(openBets: string[]): Promise<string> {
  const statuses = new Map<string, string>();
  for (const player of chain.players.slice(0, 3)) {
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    for (const record of (await client.get("/api/fairness/bets?limit=100")).body.bets as { betId: string; status: string }[])
      statuses.set(record.betId, record.status);
  }
  const { settler } = JSON.parse(readFileSync(chain.deploymentFile, "utf8")) as { settler: string };
  const [latest, pending] = await Promise.all([chain.provider.getTransactionCount(settler, "latest"), chain.provider.getTransactionCount(settler, "pending")]);
  const logFile = path.join(os.tmpdir(), `crash-safety-${Date.now()}.log`);
  writeFileSync(logFile, server.output);
  const bets = openBets.map((betId) => `${betId}: ${statuses.get(betId) ?? "unknown to the server"}`).join(", ");
  return `bets still open: ${bets}; settler nonce latest ${latest}, pending ${pending}; server log in ${logFile}\n${server.output.slice(-3000)}`;
}

describe("crash safety", () => {
  it(`settles every bet exactly once across ${KILLS} kill -9 restarts`, async () => {
    await server.start();
    const players = chain.players.slice(0, 3);
    const degen = await chain.token.getAddress();
    const casinoAddress = await chain.casino.getAddress();
    const roots = new Map<string, string>();
    const terms = await chain.casino.terms();
    for (const player of players) {
      const client = new Client(server.url);
      await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
      // A deposit first: the house posts a commitment only for a wallet with a stake.
      await (await chain.token.connect(player).approve(casinoAddress, parseEther("1000"))).wait();
      await (await (chain.casino.connect(player) as Casino).deposit(degen, parseEther("1000"))).wait();
      roots.set(player.address, (await client.post("/api/fairness/commitment")).body.expectedCommit);
    }
    // Interval mining keeps each settlement pending for a while, so kills land between send and confirmation.
    await chain.provider.send("evm_setAutomine", [false]);
    await chain.provider.send("evm_setIntervalMining", [250]);

    const placed: string[] = [];
    const placeRound = () =>
      Promise.all(
        players.map(async (player, i) => {
          const casino = chain.casino.connect(player) as Casino;
          for (let k = 0; k < 3; k++) {
            const gameType = [GameType.WHEEL, GameType.SLOTS, GameType.KICKBOXING][(i + k) % 3]!;
            const params = gameType === GameType.WHEEL ? 0b11n : gameType === GameType.KICKBOXING ? 1n : 0n;
            // An estimate taken before a pending settlement lands can fall short once it does (a
            // reservation that settlement frees back to zero costs a fresh storage slot to set again).
            const overrides = { gasLimit: 300_000n };
            const clientSeed = "0x" + String(placed.length + 1).padStart(64, "0");
            const tx = await casino.playGame(degen, parseEther("1"), gameType, params, clientSeed, roots.get(player.address)!, terms, overrides);
            const receipt = (await tx.wait())!;
            const log = receipt.logs.map((l) => casino.interface.parseLog(l)).find((l) => l?.name === "BetPlaced")!;
            placed.push(log.args.betId.toString());
          }
        }),
      );

    for (let cycle = 0; cycle < KILLS; cycle++) {
      const betting = placeRound();
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 900));
      await server.kill9();
      await betting;
      await server.start();
    }
    await chain.provider.send("evm_setIntervalMining", [0]);
    await chain.provider.send("evm_setAutomine", [true]);

    const deadline = Date.now() + 60_000;
    for (;;) {
      // Automine mines only transactions that arrive after it is back: a settlement sent in between
      // would wait for a block forever. Blocks keep coming, as on a real chain.
      await chain.provider.send("evm_mine", []);
      const open = await Promise.all(placed.map(async (betId) => (await chain.casino.getBet(betId)).open));
      if (!open.includes(true)) break;
      if (Date.now() > deadline) throw new Error(await stuckReport(placed.filter((_, i) => open[i])));
      await new Promise((r) => setTimeout(r, 300));
    }

    const settledLogs = await chain.casino.queryFilter(chain.casino.filters.BetSettled());
    const expired = await chain.casino.queryFilter(chain.casino.filters.ExpiredBetClaimed());
    expect(expired).toHaveLength(0);
    const count = new Map<string, number>();
    for (const log of settledLogs) count.set(log.args.betId.toString(), (count.get(log.args.betId.toString()) ?? 0) + 1);
    expect(placed.length).toBe(KILLS * 9);
    for (const betId of placed) expect(count.get(betId), betId).toBe(1);
    expect(settledLogs).toHaveLength(placed.length);

    // The restarted server's records agree with the chain: settled once, with the transaction that did it.
    const txOf = new Map(settledLogs.map((log) => [log.args.betId.toString(), log.transactionHash]));
    for (const player of players) {
      const client = new Client(server.url);
      await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
      let records: { betId: string; status: string; settleTxHash: string; verification: { ok: boolean } }[] = [];
      for (let i = 0; i < 50; i++) {
        records = (await client.get("/api/fairness/bets?limit=100")).body.bets;
        if (records.every((r) => r.status === "settled")) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(records).toHaveLength(KILLS * 3);
      for (const record of records) {
        expect(record.status).toBe("settled");
        expect(record.settleTxHash).toBe(txOf.get(record.betId));
        expect(record.verification.ok).toBe(true);
      }
    }
  }, 300_000);
});
