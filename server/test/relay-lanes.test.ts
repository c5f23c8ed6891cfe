import { parseEther, parseUnits } from "ethers";
import { describe, expect, it } from "vitest";
import { GameType, laneNonce } from "../src/engine";
import { casinoInterface, sessionsInterface } from "../../bindings/casino";
import { pendingCount } from "./support/chain";
import { depositDegen } from "./support/play";
import { betAs, broadcastSeen, relayStatus, type Seat, useRelayStage } from "./support/relay-seats";
import { SETTLER_ADDRESS } from "./support/settler";
import { openSession, sendBet, signBet } from "./support/sessions";

// The relay by lanes (docs/decisions.md §4, "lanes"), on a real node: one bet of a lane in a
// transaction and none while another of it is pending, a player's lanes side by side, and a bet
// the chain skips (only the house can make it: here the owner's withdrawal of its BNB bankroll,
// mined just before the bet) refused with the chain's reason, its lane's later bets with it, the
// others settled.

const stage = useRelayStage(3);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const bet = (seat: Seat) => betAs(stage.server, seat, stage.terms);

/** The lane nonces of a relay transaction's bets, one entry a bet, as `player/lane`. */
async function lanesIn(hash: string): Promise<string[]> {
  const tx = await stage.server.chain.provider.getTransaction(hash);
  const parsed = sessionsInterface.parseTransaction({ data: tx!.data })!;
  expect(parsed.name).toBe("play");
  return (parsed.args[0] as { bet: { player: string; nonce: bigint } }[]).map((signed) => `${signed.bet.player}/${signed.bet.nonce >> 32n}`);
}

/** Waits until the bet is refused; its status. */
async function refusedStatus(seat: Seat, betId: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(50)) {
    const status = await relayStatus(seat, betId);
    if (status.status === "refused") return status;
  }
  throw new Error(`bet ${betId} was not refused`);
}

describe("relay transactions by lane", () => {
  it("sends two bets of a lane in two transactions, the second once the first is mined; the player's other lane goes along in the first", async () => {
    const { provider } = stage.server.chain;
    const [opener, player] = stage.seats as [Seat, Seat];
    // A second session of the same player: a lane of its own.
    await depositDegen(stage.server, player.player, parseEther("100"));
    const { session: second, answer } = await openSession(stage.server.chain, player.client, player.player);
    expect(answer.body.lane).toBe(2);
    const otherLane: Seat = { ...player, session: second, n: 0n };
    await provider.send("evm_setAutomine", [false]);
    // A bet of another player is pending: the next ones queue together behind it.
    const first = await bet(opener);
    const round1 = (await relayStatus(opener, first, "sent")).txHash!;
    await broadcastSeen(stage.server, round1);
    const [laneOne, laneOneNext] = [await bet(player), await bet(player)];
    const laneTwo = await bet(otherLane);
    await provider.send("evm_mine", []);

    const round2 = (await relayStatus(player, laneOne, "sent")).txHash!;
    expect((await relayStatus(player, laneTwo, "sent")).txHash).toBe(round2);
    await broadcastSeen(stage.server, round2);
    const address = player.player.address;
    expect((await lanesIn(round2)).sort()).toEqual([`${address}/1`, `${address}/2`]);
    // The lane's next bet's seed stays unshown while its first is pending.
    await sleep(800);
    expect((await relayStatus(player, laneOneNext)).status).toBe("queued");
    expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(1);

    await provider.send("evm_mine", []);
    const mined = await provider.getTransactionReceipt(round2);
    expect(mined!.status).toBe(1);
    const round3 = (await relayStatus(player, laneOneNext, "sent")).txHash!;
    await broadcastSeen(stage.server, round3);
    expect(await lanesIn(round3)).toEqual([`${address}/1`]);
    await provider.send("evm_mine", []);
    expect((await relayStatus(player, laneOneNext, "mined")).status).toBe("mined");
    expect((await provider.getTransactionReceipt(round3))!.blockNumber).toBe(mined!.blockNumber + 1);
    for (const id of [laneOne, laneOneNext]) expect((BigInt(id) >> 32n) & 0xffffffffn).toBe(1n);
    expect(BigInt(laneTwo) & ((1n << 64n) - 1n)).toBe(laneNonce(2, 0));
  });

  it("refuses a bet the chain skipped (the house's BNB bankroll withdrawn in its block) with its reason, and its lane's later bets; the others of the transaction settle, and the server takes no other bet of the skipped nonce", async () => {
    const { provider, casino } = stage.server.chain;
    const [opener, skippedSeat, other] = stage.seats as [Seat, Seat, Seat];
    const bnb = { token: "BNB", amount: parseEther("0.01") } as const;
    await provider.send("evm_setAutomine", [false]);
    const first = await bet(opener);
    const round1 = (await relayStatus(opener, first, "sent")).txHash!;
    await broadcastSeen(stage.server, round1);
    const doomed = await betAs(stage.server, skippedSeat, stage.terms, bnb);
    const behind = await betAs(stage.server, skippedSeat, stage.terms, bnb);
    const innocent = await bet(other);
    await provider.send("evm_mine", []);
    const batch = (await relayStatus(skippedSeat, doomed, "sent")).txHash!;
    expect((await relayStatus(other, innocent, "sent")).txHash).toBe(batch);
    await broadcastSeen(stage.server, batch);

    // The owner executes the announced withdrawal of the BNB bankroll, tipping more: mined just
    // before the batch, it leaves the house's free BNB below the bet's maximum payout.
    await stage.withdrawBnbBankroll({ maxFeePerGas: parseUnits("100", "gwei"), maxPriorityFeePerGas: parseUnits("50", "gwei") });
    await provider.send("evm_mine", []);
    await provider.send("evm_setAutomine", [true]);
    const landed = (await provider.getTransactionReceipt(batch))!;
    expect(landed.status).toBe(1);
    const nonce = BigInt(doomed) & ((1n << 64n) - 1n);
    const skipped = landed.logs
      .filter((log) => log.topics[0] === casinoInterface.getEvent("BetSkipped")!.topicHash)
      .map((log) => casinoInterface.parseLog(log)!.args);
    expect(skipped.map((args) => [args.player, args.nonce])).toEqual([[skippedSeat.player.address, nonce]]);
    expect(await refusedStatus(skippedSeat, doomed)).toMatchObject({
      error:
        "Skipped on chain: The house's bankroll could not cover the bet's largest payout when it was sent: the bet can still be placed with its countersignature",
    });
    expect(await refusedStatus(skippedSeat, behind)).toMatchObject({
      error: `An earlier bet of this session (nonce ${nonce}) was refused, so this one cannot land: sign it again`,
    });
    // The other lane's bet settled in that transaction, never sent again.
    expect(await relayStatus(other, innocent, "mined")).toMatchObject({ status: "mined", txHash: batch });
    // The skipped bet's nonce is still its lane's next: its player may place it with its
    // countersignature (the same outcome), and the server takes no other bet of that nonce.
    const lane = await casino.laneOf(skippedSeat.player.address, skippedSeat.session.lane);
    expect(lane.nextNonce).toBe(nonce);
    const again = await sendBet(
      skippedSeat.client,
      await signBet(stage.server.chain, skippedSeat.session, { game: GameType.WHEEL, params: 0b11n, n: nonce & 0xffffffffn, terms: stage.terms }),
    );
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: `Nonce ${nonce}'s seed was shown by a relay transaction that skipped its bet: that bet can still be placed with its countersignature until its deadline, and this session takes no other bet of that nonce; open a new session`,
      },
    });
    const metrics = await (await fetch(`${stage.server.url}/metrics`)).text();
    expect(metrics).toMatch(/^degen_relay_transactions_reverted_total 0$/m);
  });
});
