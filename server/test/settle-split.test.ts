import { eq } from "drizzle-orm";
import { parseEther, parseUnits } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casinoInterface } from "../../bindings/casino";
import { canSplit, GameType, settleSplitStakedBlackjack, startBlackjack } from "../src/engine";
import type { Casino } from "../../typechain-types";
import { bets } from "../src/db/schema";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { clientSeedFor, depositDegen, MASTER_SECRET, placeBet } from "./support/play";

// R4-10 (docs/findings.md): a lone due bet used to go out as Casino.settle, which a split
// mined just before (addStake: the payout the settler fixed no longer holds) reverted, burning
// its gas. The settler sends settleBatch for one bet too: it skips the bet (SettlementSkipped),
// and the bet is settled at its new payout in the next transaction.

let server: TestServer;
let alice: Client;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  // A hand nobody plays is stood after a second: its payout is fixed and sent at once.
  server = await startTestServer({ MASTER_SECRET, BLACKJACK_IDLE_MS: "1000" });
  alice = new Client(server.url);
  await signIn(alice, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, server.chain.players[0]!, parseEther("100"));
});
afterAll(async () => server?.close());

describe("a lone settlement front-run by a split", () => {
  it("goes out as settleBatch, which skips the bet instead of reverting; the bet is settled at the rules' payout with the split staked, and no settlement reverted", async () => {
    const { provider, casino } = server.chain;
    const player = server.chain.players[0]!;
    await alice.post("/api/fairness/commitment");
    const clientSeed = await clientSeedFor(server, player.address, (word) => canSplit(startBlackjack(word, 1n, "DEGEN")));
    const stake = parseEther("5");
    const bet = await placeBet(server, alice, player, { token: "DEGEN", amount: stake, gameType: GameType.BLACKJACK, clientSeed });
    await provider.send("evm_setAutomine", [false]);
    let settleHash: string | null = null;
    try {
      for (const deadline = Date.now() + 20_000; !settleHash && Date.now() < deadline; await sleep(50)) {
        const [row] = await server.services.database.db.select().from(bets).where(eq(bets.betId, bet.betId));
        if (row?.status === "sent") settleHash = row.settleTxHash;
      }
      expect(settleHash).not.toBeNull();
      for (const deadline = Date.now() + 10_000; !(await provider.send("eth_getTransactionByHash", [settleHash])); await sleep(20))
        if (Date.now() > deadline) throw new Error("the settlement never reached the node");
      const sent = (await provider.getTransaction(settleHash!))!;
      expect(casinoInterface.parseTransaction({ data: sent.data })!.name).toBe("settleBatch");
      // The player splits first, tipping more: mined before the settlement in the same block.
      const fees = { maxFeePerGas: parseUnits("100", "gwei"), maxPriorityFeePerGas: parseUnits("50", "gwei"), gasLimit: 300_000n };
      await (casino.connect(player) as Casino).addStake(bet.betId, fees);
      await provider.send("evm_mine", []);
    } finally {
      await provider.send("evm_setAutomine", [true]);
    }
    const receipt = (await provider.getTransactionReceipt(settleHash!))!;
    expect(receipt.status).toBe(1);
    const skipped = receipt.logs.flatMap((log) => {
      const event = casinoInterface.parseLog(log);
      return event?.name === "SettlementSkipped" ? [event.args.betId.toString()] : [];
    });
    expect(skipped).toEqual([bet.betId]);

    let record;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
      record = (await alice.get(`/api/fairness/bets/${bet.betId}`)).body;
      if (record.status === "settled") break;
    }
    // Stood without a signed log: the split is void and its stake paid back, as the Casino's rules pay it.
    expect(record).toMatchObject({ status: "settled", split: true });
    expect(record.actions).not.toContain("SPLIT");
    const { payout, splitVoid } = settleSplitStakedBlackjack("DEGEN", stake, record.random, record.actions);
    expect(splitVoid).toBe(true);
    expect(BigInt(record.payout)).toBe(payout);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).not.toMatch(/^degen_settlements_failed_total\{reason="reverted"\} [1-9]/m);
  });
});
