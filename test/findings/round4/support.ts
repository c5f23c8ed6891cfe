// Shared support of the regression tests of the fourth review (docs/findings.md R4-n): a player with
// several sessions in both tokens and a second account, one losing one-click bet the server
// accepted, and the step every attack takes: a transaction of the player's mined just before the
// relay's play, in its block, once its pending calldata showed the bet's seed.
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { parseEther, type ContractTransactionResponse, type TransactionReceipt } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { NATIVE } from "../../helpers";
import { eventsOf } from "../support";
import { deploySessions, laneFunds, openSession, play, signBet, TOKEN_BITS, type Outcome, type RelayedBet, type Session } from "../../sessions/support";

/** The accepted bet's stake: session A's largest (sessions/support.ts grantOf). */
export const STAKE = parseEther("1000");
export const lose: Outcome = async (pay) => (await pay()) === 0n;
export const win: Outcome = async (pay) => (await pay())! > 0n;

/**
 * Alice with session A (1,000 DEGEN or 1 BNB a bet, 5,000 DEGEN and 5 BNB in its lane), a small
 * BNB-only session B, and a second account; A's losing 1,000 DEGEN bet accepted by the server, its
 * play waiting in the mempool with its seed in the calldata.
 */
export async function acceptedFixture() {
  const f = await deploySessions();
  const [alice, second] = f.players;
  const a = await openSession(f, alice, {}, "A");
  const b = await openSession(f, alice, { tokens: TOKEN_BITS.BNB, maxBetNative: parseEther("0.01"), budgetDegen: 0n, budgetNative: parseEther("0.01") }, "B");
  const accepted = await signBet(f, a, { amount: STAKE, wanted: lose });
  return { ...f, alice, second, a, b, accepted };
}

export type AcceptedFixture = Awaited<ReturnType<typeof acceptedFixture>>;

/** Mines the player's transactions `fronts`, then the relay's play of `bets`, in one block; returns the receipts. */
export async function frontRun(
  f: { sessions: AcceptedFixture["sessions"]; settler: HardhatEthersSigner },
  fronts: (() => Promise<ContractTransactionResponse>)[],
  bets: RelayedBet[],
): Promise<{ fronts: TransactionReceipt[]; play: TransactionReceipt }> {
  await network.provider.send("evm_setAutomine", [false]);
  const hashes: string[] = [];
  let playHash: string;
  try {
    for (const front of fronts) hashes.push((await front()).hash);
    playHash = (
      await f.sessions.connect(f.settler).play(
        bets.map((b) => b.signed),
        bets.map((b) => b.seed),
        { gasLimit: 5_000_000 },
      )
    ).hash;
    await network.provider.send("evm_mine", []);
  } finally {
    await network.provider.send("evm_setAutomine", [true]);
  }
  const receipts = await Promise.all([...hashes, playHash].map((hash) => ethers.provider.getTransactionReceipt(hash)));
  const block = new Set(receipts.map((r) => r!.blockNumber));
  expect(block.size, "one block").to.equal(1);
  expect(receipts.at(-1)!.status, "the play went through").to.equal(1);
  return { fronts: receipts.slice(0, -1).map((r) => r!), play: receipts.at(-1)! };
}

/** Everything of Alice's a bet could move: her vault, each session's lane. */
export async function aliceLedger(f: AcceptedFixture) {
  return {
    vault: [await f.casino.getBalance(f.alice.address, f.tokenAddress), await f.casino.getBalance(f.alice.address, NATIVE)],
    a: await laneFunds(f, f.a),
    b: await laneFunds(f, f.b),
  };
}

/** The accepted bet settled in the play, its stake lost from session A's lane: nothing skipped, the lane 1,000 DEGEN lower. */
export async function expectSettledLoss(f: AcceptedFixture, receipt: TransactionReceipt, laneBefore: [bigint, bigint]) {
  expect(eventsOf(receipt, f.casino, "BetSkipped"), "nothing skipped").to.have.length(0);
  expect(eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.betId)).to.deep.equal([f.accepted.betId]);
  const [played] = eventsOf(receipt, f.casino, "GamePlayed");
  expect(played.args.payout).to.equal(0n);
  expect(await laneFunds(f, f.a), "session A's lane, less the stake, to the wei").to.deep.equal([laneBefore[0] - STAKE, laneBefore[1]]);
}

export { play, signBet, type Session };
