import { parseEther, parseUnits, ZeroHash, type TransactionResponse } from "ethers";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { casinoInterface, sessionsInterface } from "../../bindings/casino";
import type { Casino } from "../../typechain-types";
import { sessionBets } from "../src/db/schema";
import { revertGasUse } from "../src/sessions/relay-reverts";
import { startTestServer, type TestServer } from "./support/app";
import { pendingCount } from "./support/chain";
import { MASTER_SECRET } from "./support/play";
import { betAs, broadcastSeen, relayStatus, seatPlayers, type Seat } from "./support/relay-seats";
import { SETTLER_ADDRESS } from "./support/settler";

// Issue #37 items 1 and 8, on a real node: a relay transaction carries one bet of a player, and
// none while another of theirs is pending (a relay seed shown hashes to the wallet seed of the
// nonce before it). Item 2: a bet its player makes fail is skipped on chain, not the batch reverted.

let server: TestServer;
let seats: Seat[];
let terms: bigint;
let degen: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  terms = await server.chain.casino.terms();
  degen = await server.chain.token.getAddress();
  seats = await seatPlayers(server, server.chain.players.slice(0, 4));
});
afterAll(async () => server?.close());
afterEach(async () => {
  await server.chain.provider.send("evm_setAutomine", [true]);
});

const bet = (seat: Seat) => betAs(server, seat, terms);

/** The players of a relay transaction's bets, one entry a bet. */
async function playersIn(hash: string): Promise<string[]> {
  const tx = await server.chain.provider.getTransaction(hash);
  const parsed = sessionsInterface.parseTransaction({ data: tx!.data })!;
  expect(parsed.name).toBe("play");
  return (parsed.args[0] as { bet: { player: string } }[]).map((signed) => signed.bet.player);
}

async function attemptsOf(betId: string): Promise<number> {
  const [row] = await server.services.database.db.select().from(sessionBets).where(eq(sessionBets.betId, betId));
  return row!.attempts;
}

/** Waits until the bet is refused; its status. */
async function refusedStatus(seat: Seat, betId: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(50)) {
    const status = await relayStatus(seat, betId);
    if (status.status === "refused") return status;
  }
  throw new Error(`bet ${betId} was not refused`);
}

describe("relay transactions and the seeds they show", () => {
  it("sends two bets of one player arriving together in two transactions, the second once the first is mined; no pending transaction holds two bets of a player", async () => {
    const { provider } = server.chain;
    await provider.send("evm_setAutomine", [false]);
    // A bet of another player is pending: the next ones queue together behind it.
    const opener = await bet(seats[0]!);
    const round1 = (await relayStatus(seats[0]!, opener, "sent")).txHash!;
    await broadcastSeen(server, round1);
    const [first, second] = [await bet(seats[1]!), await bet(seats[1]!)];
    const other = await bet(seats[2]!);
    await provider.send("evm_mine", []);

    const round2 = (await relayStatus(seats[1]!, first, "sent")).txHash!;
    expect((await relayStatus(seats[2]!, other, "sent")).txHash).toBe(round2);
    await broadcastSeen(server, round2);
    expect(await playersIn(round2)).toEqual(expect.arrayContaining([seats[1]!.player.address, seats[2]!.player.address]));
    expect((await playersIn(round2)).filter((player) => player === seats[1]!.player.address)).toHaveLength(1);
    // Nonce n+1's relay seed stays unshown while nonce n's transaction is pending.
    await sleep(800);
    expect((await relayStatus(seats[1]!, second)).status).toBe("queued");
    expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(1);

    await provider.send("evm_mine", []);
    const mined = await provider.getTransactionReceipt(round2);
    expect(mined!.status).toBe(1);
    const round3 = (await relayStatus(seats[1]!, second, "sent")).txHash!;
    await broadcastSeen(server, round3);
    expect(await playersIn(round3)).toEqual([seats[1]!.player.address]);
    await provider.send("evm_mine", []);
    expect((await relayStatus(seats[1]!, second, "mined")).status).toBe("mined");
    expect((await provider.getTransactionReceipt(round3))!.blockNumber).toBe(mined!.blockNumber + 1);
  });

  it("a wallet bet on the griefer's nonce mined just before the batch makes the chain skip the griefer's bet (BetSkipped), its stake forfeited: it is refused with the reason, its gas share counted against the griefer; the others settle in that batch, untouched", async () => {
    const { provider, casino } = server.chain;
    const [opener, griefer, ...others] = seats as [Seat, Seat, Seat, Seat];
    const gasBefore = (await revertGasUse(server.services.database.db, [griefer.player.address])).get(griefer.player.address) ?? 0;
    // The wallet bet pays from the wallet: the vault's free part is what the session does not hold.
    await (await server.chain.token.connect(griefer.player).approve(await casino.getAddress(), parseEther("1"))).wait();
    await provider.send("evm_setAutomine", [false]);

    const first = await bet(opener);
    const round1 = (await relayStatus(opener, first, "sent")).txHash!;
    await broadcastSeen(server, round1);
    const doomed = await bet(griefer);
    const innocent = await Promise.all(others.map((seat) => bet(seat)));
    await provider.send("evm_mine", []);
    const batch = (await relayStatus(griefer, doomed, "sent")).txHash!;
    for (const [i, seat] of others.entries()) expect((await relayStatus(seat, innocent[i]!, "sent")).txHash).toBe(batch);
    await broadcastSeen(server, batch);

    // The griefer's wallet bet on the same nonce outbids the batch (a withdrawal no longer can: the
    // session holds the stake). Before, a failing bet reverted the whole batch.
    const [, , , root] = await casino.commitmentOf(griefer.player.address);
    const fees = { maxFeePerGas: parseUnits("100", "gwei"), maxPriorityFeePerGas: parseUnits("50", "gwei"), gasLimit: 400_000n };
    const griefing = casino.connect(griefer.player) as Casino;
    const walletBet: TransactionResponse = await griefing.playGame(degen, parseEther("1"), 0, 0b11n, ZeroHash, root, terms, fees);
    await provider.send("evm_mine", []);
    await provider.send("evm_setAutomine", [true]);
    const [placed, landed] = await Promise.all([walletBet.wait(), provider.getTransactionReceipt(batch)]);
    expect(landed!.status).toBe(1);
    expect(placed!.index).toBeLessThan(landed!.index);
    const skipped = landed!.logs.filter((log) => log.topics[0] === casinoInterface.getEvent("BetSkipped")!.topicHash);
    expect(skipped.map((log) => casinoInterface.parseLog(log)!.args.player)).toEqual([griefer.player.address]);

    // The others settled in that batch, never sent again; the griefer's bet is refused with the chain's reason.
    for (const [i, seat] of others.entries()) {
      const status = await relayStatus(seat, innocent[i]!, "mined");
      expect([status.status, status.txHash]).toEqual(["mined", batch]);
      expect(await attemptsOf(innocent[i]!)).toBe(0);
    }
    const refused = await refusedStatus(griefer, doomed);
    expect(refused.error).toBe("Skipped on chain: A wallet bet of yours took this bet's nonce while it was on its way: its stake was forfeited");
    const forfeited = landed!.logs.filter((log) => log.topics[0] === casinoInterface.getEvent("StakeForfeited")!.topicHash);
    expect(forfeited.map((log) => casinoInterface.parseLog(log)!.args.betId.toString())).toEqual([doomed]);
    const gasAfter = (await revertGasUse(server.services.database.db, [griefer.player.address])).get(griefer.player.address) ?? 0;
    expect(gasAfter).toBeGreaterThan(gasBefore);
    expect(gasAfter - gasBefore).toBeLessThan(Number(landed!.gasUsed));
  });
});
