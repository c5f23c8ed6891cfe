import { parseUnits, type TransactionResponse } from "ethers";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sessionsInterface } from "../../bindings/casino";
import type { Casino } from "../../typechain-types";
import { sessionBets } from "../src/db/schema";
import { startTestServer, type TestServer } from "./support/app";
import { pendingCount } from "./support/chain";
import { MASTER_SECRET } from "./support/play";
import { betAs, broadcastSeen, relayStatus, seatPlayers, type Seat } from "./support/relay-seats";
import { SETTLER_ADDRESS } from "./support/settler";

// Issue #37 items 1 and 8, on a real node: a relay transaction carries one bet of a player, and
// none while another of theirs is pending (a relay seed shown hashes to the wallet seed of the
// nonce before it); a revert is charged to the bet that fails alone, whose player then goes alone.

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

/** Waits until the bet was sent in a transaction other than `not`; its hash. */
async function sentAgain(seat: Seat, betId: string, not: string): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(50)) {
    const { status, txHash } = await relayStatus(seat, betId);
    if (status === "sent" && txHash && txHash !== not) return txHash;
  }
  throw new Error(`bet ${betId} was not sent again`);
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

  it("charges a revert only to the griefer's bet (a withdrawal mined just before the batch, a deposit back just after): the others land untouched, the griefer's bet goes out alone", async () => {
    const { provider, casino } = server.chain;
    const [opener, griefer, ...others] = seats as [Seat, Seat, Seat, Seat];
    const vault = await casino.getBalance(griefer.player.address, degen);
    await (await server.chain.token.connect(griefer.player).approve(await casino.getAddress(), vault)).wait();
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

    // The griefer's withdrawal outbids the batch, the deposit back underbids it: one block, in that order.
    const griefing = casino.connect(griefer.player) as Casino;
    const fees = { maxFeePerGas: parseUnits("100", "gwei"), gasLimit: 200_000n };
    const out: TransactionResponse = await griefing.withdraw(degen, vault, { ...fees, maxPriorityFeePerGas: parseUnits("50", "gwei") });
    const back: TransactionResponse = await griefing.deposit(degen, vault, { ...fees, maxPriorityFeePerGas: 0n });
    await provider.send("evm_mine", []);
    const [withdrawn, reverted, deposited] = await Promise.all([out.wait(), provider.getTransactionReceipt(batch), back.wait()]);
    expect(reverted!.status).toBe(0);
    expect([withdrawn!.blockNumber, deposited!.blockNumber]).toEqual([reverted!.blockNumber, reverted!.blockNumber]);
    expect(withdrawn!.index).toBeLessThan(reverted!.index);
    expect(deposited!.index).toBeGreaterThan(reverted!.index);

    // Sent again: the others together, untouched; the griefer alone, charged one retry.
    const again = await sentAgain(others[0]!, innocent[0]!, batch);
    const alone = await sentAgain(griefer, doomed, batch);
    expect(alone).not.toBe(again);
    await Promise.all([broadcastSeen(server, again), broadcastSeen(server, alone)]);
    expect(await playersIn(alone)).toEqual([griefer.player.address]);
    expect((await playersIn(again)).sort()).toEqual(others.map((seat) => seat.player.address).sort());
    await provider.send("evm_mine", []);
    for (const [i, seat] of others.entries()) {
      expect((await relayStatus(seat, innocent[i]!, "mined")).status).toBe("mined");
      expect(await attemptsOf(innocent[i]!)).toBe(0);
    }
    expect((await relayStatus(griefer, doomed, "mined")).status).toBe("mined");
    expect(await attemptsOf(doomed)).toBe(1);

    // Isolated: the griefer's next bet, queued with another player's, goes in a transaction of its own.
    const hold = await bet(opener);
    await broadcastSeen(server, (await relayStatus(opener, hold, "sent")).txHash!);
    const next = await bet(griefer);
    const beside = await bet(others[0]!);
    await provider.send("evm_mine", []);
    const [n, b] = await Promise.all([relayStatus(griefer, next, "sent"), relayStatus(others[0]!, beside, "sent")]);
    expect(n.txHash).not.toBe(b.txHash);
    await broadcastSeen(server, n.txHash!);
    expect(await playersIn(n.txHash!)).toEqual([griefer.player.address]);
    await provider.send("evm_mine", []);
    expect((await relayStatus(griefer, next, "mined")).status).toBe("mined");
    expect((await relayStatus(others[0]!, beside, "mined")).status).toBe("mined");
  });
});
