import { parseEther, parseUnits, ZeroAddress, ZeroHash } from "ethers";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Casino } from "../../../typechain-types";
import { CasinoLimits__factory } from "../../../typechain-types/factories/contracts/CasinoLimits.sol/CasinoLimits__factory";
import { CasinoRelay__factory } from "../../../typechain-types/factories/contracts/CasinoRelay__factory";
import { CasinoSessions__factory } from "../../../typechain-types/factories/contracts/CasinoSessions__factory";
import { sessionBets } from "../../src/db/schema";
import { markedView } from "../../src/sessions/chain-marks";
import { startTestServer, type TestServer } from "../support/app";
import { metricOf } from "../support/instance";
import { MASTER_SECRET, signWithdraw } from "../support/play";
import { betAs, broadcastSeen, relayStatus, seatPlayers, type Seat } from "../support/relay-seats";
import { openSession } from "../support/sessions";

// Which relay batches skip their simulation (server/src/sessions/relay-trust.ts), on a real node:
// the metrics count the bets sent unsimulated and the relay transactions that reverted.

let server: TestServer;
let seats: Seat[];
let terms: bigint;
let degen: string;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  terms = await server.chain.casino.terms();
  degen = await server.chain.token.getAddress();
  seats = await seatPlayers(server, server.chain.players.slice(0, 5));
});
afterAll(async () => server?.close());
afterEach(async () => {
  await server.chain.provider.send("evm_setAutomine", [true]);
});

const bet = (seat: Seat) => betAs(server, seat, terms);

const unsimulated = async () => (await metricOf(server, "degen_relay_bets_unsimulated_total")) ?? 0;

/** The unsimulated count once it reaches `value` (it is counted after the broadcast, the status shows 'sent' before it), or as it is 5 s on. */
async function unsimulatedReaching(value: number): Promise<number> {
  let seen = await unsimulated();
  for (const deadline = Date.now() + 5_000; seen < value && Date.now() < deadline; seen = await unsimulated()) await new Promise((r) => setTimeout(r, 20));
  return seen;
}
const reverted = async () => (await metricOf(server, "degen_relay_transactions_reverted_total")) ?? 0;

/** Mines the relay transaction that carries `betId` once the node has it; the bet's status after. */
async function mineRelayOf(seat: Seat, betId: string) {
  const { txHash } = await relayStatus(seat, betId, "sent");
  await broadcastSeen(server, txHash!);
  await server.chain.provider.send("evm_mine", []);
  return { txHash: txHash!, status: (await relayStatus(seat, betId, "mined")).status };
}

async function chainMarkOf(betId: string): Promise<string | null> {
  const [row] = await server.services.database.db.select().from(sessionBets).where(eq(sessionBets.betId, betId));
  return row!.chainMark;
}

describe("unsimulated relay batches", () => {
  it("sends the bets of players who did nothing on chain since the intake checked them unsimulated; a batch with a player who withdrew through CasinoRelay since is simulated, and lands: the session held the stake", async () => {
    const { provider, casino } = server.chain;
    await provider.send("evm_setAutomine", [false]);
    const [unsimulatedBefore, revertedBefore] = [await unsimulated(), await reverted()];
    const first = await bet(seats[0]!);
    const round1 = (await relayStatus(seats[0]!, first, "sent")).txHash!;
    expect(await unsimulatedReaching(unsimulatedBefore + 1)).toBe(unsimulatedBefore + 1);
    expect(await chainMarkOf(first)).toMatch(new RegExp(`^${await provider.getTransactionCount(seats[0]!.player.address)}:0@\\d+$`));

    // Two players' bets queue behind it; the first of them then withdraws all the vault can give
    // by a signed withdrawal that another account submits (anyone may): the player's wallet sends
    // nothing. The session holds its largest stake in the vault (issue #37 item 2).
    const withdrew = await bet(seats[1]!);
    const kept = await bet(seats[2]!);
    const vault = await casino.getBalance(seats[1]!.player.address, degen);
    const sessions = CasinoSessions__factory.connect(await casino.sessions(), provider);
    const [held] = await sessions.heldOf(seats[1]!.player.address, degen);
    const withdrawal = await signWithdraw(server, seats[1]!.player, { token: degen, amount: vault - held });
    const relay = CasinoRelay__factory.connect(await casino.relay(), seats[4]!.player);
    await relay.withdraw({ player: seats[1]!.player.address, token: degen, amount: vault - held, deadline: withdrawal.deadline }, withdrawal.signature, {
      gasLimit: 300_000n,
    });
    await broadcastSeen(server, round1);
    await provider.send("evm_mine", []);
    expect(await casino.getBalance(seats[1]!.player.address, degen)).toBe(held);

    const round2 = await mineRelayOf(seats[2]!, kept);
    expect(round2.status).toBe("mined");
    expect((await relayStatus(seats[1]!, withdrew, "mined")).status).toBe("mined");
    for (const hash of [round1, round2.txHash]) expect((await provider.getTransactionReceipt(hash))!.status).toBe(1);
    expect(await unsimulated()).toBe(unsimulatedBefore + 1);
    expect(await reverted()).toBe(revertedBefore);
  });

  it("simulates a batch with a player whose wallet sent a transaction after the intake checked their bet, and it lands", async () => {
    const { provider } = server.chain;
    await provider.send("evm_setAutomine", [false]);
    const [unsimulatedBefore, revertedBefore] = [await unsimulated(), await reverted()];
    const first = await bet(seats[0]!);
    const round1 = (await relayStatus(seats[0]!, first, "sent")).txHash!;
    expect(await unsimulatedReaching(unsimulatedBefore + 1)).toBe(unsimulatedBefore + 1);

    // Queued behind the pending round; the player's wallet then sends a transaction (to itself,
    // nothing moved): it is mined with the round, and the relay sees it among the block's senders.
    const acted = await bet(seats[3]!);
    await seats[3]!.player.sendTransaction({ to: seats[3]!.player.address, value: 0n, gasLimit: 21_000n });
    await broadcastSeen(server, round1);
    await provider.send("evm_mine", []);

    const round2 = await mineRelayOf(seats[3]!, acted);
    expect(round2.status).toBe("mined");
    expect((await provider.getTransactionReceipt(round2.txHash))!.status).toBe(1);
    expect(await unsimulated()).toBe(unsimulatedBefore + 1);
    expect(await reverted()).toBe(revertedBefore);
  });

  it("marks no player with limits set for themselves, nor a bet whose session may end before its deadline: those are simulated, and land", async () => {
    const { provider, casino } = server.chain;
    const unsimulatedBefore = await unsimulated();
    const marks = { provider, casinoAddress: await casino.getAddress() };
    const markAtHead = async (seat: Seat) => {
      const head = (await provider.getBlock("latest"))!;
      return (await markedView(marks, seat.player.address, degen, ZeroAddress, head.number, head.timestamp)).mark;
    };
    const limited = seats[4]!;
    expect(await markAtHead(limited)).toBe(`${await provider.getTransactionCount(limited.player.address)}:0@${await provider.getBlockNumber()}`);
    const limits = CasinoLimits__factory.connect(await casino.limits(), limited.player);
    await (await limits.setLimits(degen, [parseEther("1000"), 0n, 0n], 0n)).wait();
    expect(await markAtHead(limited)).toBeNull();
    const underLimit = await bet(limited);
    expect((await relayStatus(limited, underLimit, "mined")).status).toBe("mined");

    // A session ending 200 s from now, a bet good for 270 (the app's deadline: engine betDeadline).
    const hurried = seats[3]!;
    const expiresAt = BigInt((await provider.getBlock("latest"))!.timestamp + 200);
    const { session, answer } = await openSession(server.chain, hurried.client, hurried.player, { expiresAt });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const late = await betAs(server, Object.assign(hurried, { session }), terms);
    expect(await chainMarkOf(late)).toBeNull();
    expect((await relayStatus(hurried, late, "mined")).status).toBe("mined");
    expect(await unsimulated()).toBe(unsimulatedBefore);
  });

  it("a batch its player fails all the same (their wallet bet on its nonce mined first, in the same block) lands with that bet skipped on chain, its stake forfeited (issue #37 item 2): the bet is refused with the reason, no revert", async () => {
    const { provider, casino } = server.chain;
    await provider.send("evm_setAutomine", [false]);
    const [unsimulatedBefore, revertedBefore] = [await unsimulated(), await reverted()];
    const first = await bet(seats[0]!);
    const round1 = (await relayStatus(seats[0]!, first, "sent")).txHash!;
    const doomed = await bet(seats[2]!);
    await broadcastSeen(server, round1);
    await provider.send("evm_mine", []);
    const round2 = (await relayStatus(seats[2]!, doomed, "sent")).txHash!;
    await broadcastSeen(server, round2);
    expect(await unsimulatedReaching(unsimulatedBefore + 2)).toBe(unsimulatedBefore + 2);

    // After the relay looked, the player bets from the wallet on that nonce with a higher tip: the
    // node mines the wallet bet first, and the relay transaction skips the bet, forfeiting its stake.
    const [, , , root] = await casino.commitmentOf(seats[2]!.player.address);
    const stake = parseEther("0.01");
    const tip = { value: stake, maxPriorityFeePerGas: parseUnits("50", "gwei"), maxFeePerGas: parseUnits("100", "gwei"), gasLimit: 400_000n };
    await (casino.connect(seats[2]!.player) as Casino).playGame(ZeroAddress, stake, 0, 0b11n, ZeroHash, root, terms, tip);
    await provider.send("evm_mine", []);
    await provider.send("evm_setAutomine", [true]);
    expect((await provider.getTransactionReceipt(round2))!.status).toBe(1);
    expect((await casino.queryFilter(casino.filters.StakeForfeited(doomed))).map((e) => e.args.amount)).toEqual([parseEther("10")]);

    let answer = await relayStatus(seats[2]!, doomed);
    for (let i = 0; i < 100 && answer.status !== "refused"; i++) answer = await relayStatus(seats[2]!, doomed);
    expect(answer).toMatchObject({
      status: "refused",
      error: "Skipped on chain: A wallet bet of yours took this bet's nonce while it was on its way: its stake was forfeited",
    });
    // The nonce's one bet is the wallet's (its client seed zero).
    expect((await casino.queryFilter(casino.filters.BetPlaced(doomed))).map((e) => e.args.clientSeed)).toEqual([ZeroHash]);
    expect(await reverted()).toBe(revertedBefore);
  });
});
