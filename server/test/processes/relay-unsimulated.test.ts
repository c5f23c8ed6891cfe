import { parseEther, parseUnits, ZeroHash } from "ethers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Casino } from "../../../typechain-types";
import { CasinoLimits__factory } from "../../../typechain-types/factories/contracts/CasinoLimits.sol/CasinoLimits__factory";
import { CasinoRelay__factory } from "../../../typechain-types/factories/contracts/CasinoRelay__factory";
import { CasinoSessions__factory } from "../../../typechain-types/factories/contracts/CasinoSessions__factory";
import { casinoInterface } from "../../../bindings/casino";
import { startTestServer, type TestServer } from "../support/app";
import { metricOf } from "../support/instance";
import { depositDegen, MASTER_SECRET, signWithdraw } from "../support/play";
import { betAs, broadcastSeen, relayStatus, seatPlayers, type Seat } from "../support/relay-seats";
import { grantFor, randomKey, signGrant } from "../support/sessions";

// Which relay batches skip their simulation (server/src/sessions/relay-trust.ts), on a real node:
// the metrics count the bets sent unsimulated and the relay transactions that reverted. Each
// session is a lane of its own (docs/decisions.md §4, "lanes"): nothing its player does can make
// a bet the intake took fail, so the relay no longer reads the players before a batch; only the
// house's own changes (a pause) are looked at, and a pause is the one thing that reverts a play.

let server: TestServer;
let seats: Seat[];
let terms: bigint;
let degen: string;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  terms = await server.chain.casino.terms();
  degen = await server.chain.token.getAddress();
  seats = await seatPlayers(server, server.chain.players.slice(0, 3));
});
afterAll(async () => server?.close());
afterEach(async () => {
  await server.chain.provider.send("evm_setAutomine", [true]);
});

const bet = (seat: Seat) => betAs(server, seat, terms);
const unsimulated = async () => (await metricOf(server, "degen_relay_bets_unsimulated_total")) ?? 0;
const reverted = async () => (await metricOf(server, "degen_relay_transactions_reverted_total")) ?? 0;
const fees = { maxFeePerGas: parseUnits("100", "gwei"), maxPriorityFeePerGas: parseUnits("50", "gwei"), gasLimit: 600_000n };

/** The unsimulated count once it reaches `value` (it is counted after the broadcast, the status shows 'sent' before it), or as it is 5 s on. */
async function unsimulatedReaching(value: number): Promise<number> {
  let seen = await unsimulated();
  for (const deadline = Date.now() + 5_000; seen < value && Date.now() < deadline; seen = await unsimulated()) await new Promise((r) => setTimeout(r, 20));
  return seen;
}

const skippedIn = async (hash: string) =>
  (await server.chain.provider.getTransactionReceipt(hash))!.logs.filter((log) => log.topics[0] === casinoInterface.getEvent("BetSkipped")!.topicHash);

describe("unsimulated relay batches", () => {
  it("sends a batch unsimulated, and it lands whole whatever its players did in the block before it: a withdrawal of the whole vault, a wallet bet, a stricter limit, another session opened and revoked", async () => {
    const { provider, casino } = server.chain;
    const [opener, withdrawer, busy] = seats as [Seat, Seat, Seat];
    for (const seat of [withdrawer, busy]) await depositDegen(server, seat.player, parseEther("50"));
    const { expectedCommit } = (await busy.client.post("/api/fairness/commitment")).body;
    const [unsimulatedBefore, revertedBefore] = [await unsimulated(), await reverted()];
    await provider.send("evm_setAutomine", [false]);
    const first = await bet(opener);
    const round1 = (await relayStatus(opener, first, "sent")).txHash!;
    const queued = [await bet(withdrawer), await bet(busy)];

    // Mined with the pending round, before the next: all the vault withdrawn by a relayed signature
    // (anyone may submit it), and from the other player's wallet a wallet bet, a cool-off and a bet
    // cap below the stake, and a second session opened and revoked.
    const vault = await casino.getBalance(withdrawer.player.address, degen);
    const withdrawal = await signWithdraw(server, withdrawer.player, { token: degen, amount: vault });
    const acts = [];
    acts.push(
      await CasinoRelay__factory.connect(await casino.relay(), opener.player).withdraw(
        { player: withdrawer.player.address, token: degen, amount: vault, deadline: withdrawal.deadline },
        withdrawal.signature,
        fees,
      ),
    );
    acts.push(await (casino.connect(busy.player) as Casino).playGame(degen, parseEther("1"), 0, 0b11n, ZeroHash, expectedCommit, terms, fees));
    const limits = CasinoLimits__factory.connect(await casino.limits(), busy.player);
    const now = (await provider.getBlock("latest"))!.timestamp;
    acts.push(await limits.setCoolOff(now + 3_600, fees));
    acts.push(await limits.setLimits(degen, [0n, 0n, 0n], parseEther("1"), fees));
    const sessions = CasinoSessions__factory.connect(await casino.sessions(), busy.player);
    const key = randomKey();
    const grant = await grantFor(server.chain, busy.player, key, { budgetDegen: parseEther("10"), budgetNative: 0n });
    acts.push(await sessions.openSession(grant, await signGrant(server.chain, busy.player, grant), fees));
    acts.push(await sessions.revokeSession(key.address, fees));
    await broadcastSeen(server, round1);
    await provider.send("evm_mine", []);
    for (const act of acts) expect((await provider.getTransactionReceipt(act.hash))!.status).toBe(1);
    expect(await casino.getBalance(withdrawer.player.address, degen)).toBe(0n);

    const round2 = (await relayStatus(withdrawer, queued[0]!, "sent")).txHash!;
    expect((await relayStatus(busy, queued[1]!, "sent")).txHash).toBe(round2);
    await broadcastSeen(server, round2);
    await provider.send("evm_mine", []);
    expect((await provider.getTransactionReceipt(round2))!.status).toBe(1);
    expect(await skippedIn(round2)).toEqual([]);
    for (const [seat, id] of [
      [withdrawer, queued[0]!],
      [busy, queued[1]!],
    ] as const)
      expect(await relayStatus(seat, id, "mined")).toMatchObject({ status: "mined", error: null });
    expect(await unsimulatedReaching(unsimulatedBefore + 3)).toBe(unsimulatedBefore + 3);
    expect(await reverted()).toBe(revertedBefore);
  });

  it("a pause mined before a batch reverts it, the house's doing alone: its bets go back to the queue, nothing is sent while paused, and once unpaused they land, simulated", async () => {
    const { provider, casino } = server.chain;
    const [opener, paused] = seats as [Seat, Seat];
    await provider.send("evm_setAutomine", [false]);
    const revertedBefore = await reverted();
    const first = await bet(opener);
    const round1 = (await relayStatus(opener, first, "sent")).txHash!;
    await broadcastSeen(server, round1);
    const caught = await bet(paused);
    await provider.send("evm_mine", []);
    const round2 = (await relayStatus(paused, caught, "sent")).txHash!;
    await broadcastSeen(server, round2);
    // The owner's pause, tipping more, goes first: the play reverts (IsPaused).
    await casino.pause(fees);
    await provider.send("evm_mine", []);
    await provider.send("evm_setAutomine", [true]);
    expect((await provider.getTransactionReceipt(round2))!.status).toBe(0);
    for (const deadline = Date.now() + 10_000; (await reverted()) < revertedBefore + 1 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
    expect(await reverted()).toBe(revertedBefore + 1);
    expect(await metricOf(server, "degen_relay_revert_gas_total")).toBe(Number((await provider.getTransactionReceipt(round2))!.gasUsed));
    // Queued again, and held while the Casino is paused.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await relayStatus(paused, caught)).toMatchObject({ status: "queued", txHash: null });
    const unsimulatedBefore = await unsimulated();
    await (await casino.unpause()).wait();
    expect(await relayStatus(paused, caught, "mined")).toMatchObject({ status: "mined", error: null });
    // After a revert every batch is simulated for a while.
    expect(await unsimulated()).toBe(unsimulatedBefore);
  });
});
