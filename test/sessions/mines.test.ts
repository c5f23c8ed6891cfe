// A mines round in a session (docs/product.md, Mines): placed with CasinoSessions.place from the
// session's lane, it stays open while the player reveals tiles; each action is the session key's
// signature of the whole log so far (EIP-712 Actions), and the settler settles with the last signed
// log. The contract replays that log (contracts/rules/MinesRules.sol): a cash-out pays the rules'
// payout into the lane, a mine pays nothing, and a log that stops with the round in play is cashed
// out at its safe tiles (the idle rule), so a server that leaves the player's last signed reveal
// unanswered pays what that log is worth.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, type ContractTransactionResponse } from "ethers";
import { GAME, RTP_BPS } from "../helpers";
import { eventsOf } from "../findings/support";
import {
  deploySessions,
  keyOf,
  laneFunds,
  openBetPayout,
  openSession,
  place,
  recoverActionsKey,
  signActions,
  signBet,
  type Outcome,
  type Session,
  type SessionsFixture,
} from "./support";

const STAKE = parseEther("100");

/** A mines log as the contract reads it: a tile t as "a" + t, "C" to cash out, in ASCII (engine minesActionBytes). */
const asciiLog = (log: string) => "0x" + Buffer.from(log, "latin1").toString("hex");
const MINES = 3n;

/**
 * What k safe tiles pay beside `mines` mines, written out from engine/README.md "Mines":
 * stake × RTP × 25 × 24 × … ÷ (10,000 × (25 − mines) × …), k factors each, rounded down once.
 */
function minesPayout(stake: bigint, mines: bigint, safe: bigint): bigint {
  let num: bigint = RTP_BPS.DEGEN;
  let den = 10_000n;
  for (let i = 0n; i < safe; i++) {
    num *= 25n - i;
    den *= 25n - mines - i;
  }
  return (stake * num) / den;
}

/** Alice with a session, and her DEGEN mines round of STAKE with MINES mines whose layout `wanted` accepts. */
async function roundFixture(wanted: Outcome) {
  const f = await deploySessions();
  const [alice, bob] = f.players;
  const [aliceSession, bobSession] = [await openSession(f, alice), await openSession(f, bob)];
  const round = await signBet(f, aliceSession, { game: GAME.MINES, params: MINES, amount: STAKE, wanted });
  await place(f, round.signed);
  return { ...f, alice, aliceSession, bobSession, round };
}

/** Tiles a to e (0 to 4) are all safe. */
const firstFiveSafe = () => roundFixture(async (pay) => ((await pay(asciiLog("abcdeC"))) ?? 0n) > 0n);
/** Tile b is safe and tile c a mine. */
const mineAtC = () => roundFixture(async (pay) => ((await pay(asciiLog("b"))) ?? 0n) > 0n && (await pay(asciiLog("bc"))) === 0n);

/** What a settlement moved: the DEGEN of the round's lane and of its player's vault (a jackpot win), and the payout and jackpot win it published. */
async function settlement(f: SessionsFixture, session: Session, send: () => Promise<ContractTransactionResponse>) {
  const [vault, [lane]] = await Promise.all([f.casino.getBalance(session.player, f.tokenAddress), laneFunds(f, session)]);
  const receipt = (await (await send()).wait())!;
  const [played] = eventsOf(receipt, f.casino, "GamePlayed");
  const jackpot = eventsOf(receipt, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
  return {
    toLane: (await laneFunds(f, session))[0] - lane,
    toVault: (await f.casino.getBalance(session.player, f.tokenAddress)) - vault,
    payout: played.args.payout as bigint,
    jackpot,
  };
}

describe("CasinoSessions: a mines round in a session", function () {
  it("is placed with place() and stays open; a signed cash-out after five safe tiles pays the rules' payout to the wei", async function () {
    const f = await loadFixture(firstFiveSafe);
    const bet = await f.casino.getBet(f.round.betId);
    expect([bet.open, bet.gameType, bet.params]).to.deep.equal([true, BigInt(GAME.MINES), MINES]);
    const [bankroll] = await f.casino.house(f.tokenAddress);
    const log = asciiLog("abcdeC");
    const expected = minesPayout(STAKE, MINES, 5n);
    expect(await openBetPayout(f, f.round.betId, f.round.seed, log)).to.equal(expected);
    const signature = await signActions(f, f.aliceSession.key, f.round.betId, log);
    const settled = await settlement(f, f.aliceSession, () => f.sessions.connect(f.settler).settle(f.round.betId, f.round.seed, log, signature, "0x"));
    expect([settled.payout, settled.toLane, settled.toVault]).to.deep.equal([expected, expected, settled.jackpot]);
    expect((await laneFunds(f, f.aliceSession))[0], "the budget less the stake, and the cash-out").to.equal(
      f.aliceSession.grant.budgetDegen - STAKE + expected,
    );
    // The stake joins the bankroll at settlement, the payout leaves it.
    expect((await f.casino.house(f.tokenAddress))[0]).to.equal(bankroll + STAKE - expected);
    expect((await f.casino.getBet(f.round.betId)).open).to.be.false;
  });

  it("a signed reveal of a mine pays nothing", async function () {
    const f = await loadFixture(mineAtC);
    const log = asciiLog("bc");
    const signature = await signActions(f, f.aliceSession.key, f.round.betId, log);
    const settled = await settlement(f, f.aliceSession, () => f.sessions.connect(f.settler).settle(f.round.betId, f.round.seed, log, signature, "0x"));
    expect([settled.payout, settled.toLane, settled.toVault]).to.deep.equal([0n, 0n, settled.jackpot]);
  });

  it("the server settling with an earlier signed log (a reveal left unanswered) pays that log's safe tiles, by the idle rule", async function () {
    const f = await loadFixture(firstFiveSafe);
    // Alice signed "ab", then "abc"; the server answers neither and settles with "ab".
    const prefix = asciiLog("ab");
    const prefixSignature = await signActions(f, f.aliceSession.key, f.round.betId, prefix);
    await signActions(f, f.aliceSession.key, f.round.betId, asciiLog("abc"));
    const expected = minesPayout(STAKE, MINES, 2n);
    expect(expected).to.equal(await openBetPayout(f, f.round.betId, f.round.seed, asciiLog("abC")));
    const settled = await settlement(f, f.aliceSession, () => f.sessions.connect(f.settler).settle(f.round.betId, f.round.seed, prefix, prefixSignature, "0x"));
    expect([settled.payout, settled.toLane, settled.toVault]).to.deep.equal([expected, expected, settled.jackpot]);
  });

  it("a key revoked after the round was placed still settles the log it signed: a cash-out is paid, a bust is not undone", async function () {
    // Placed in an earlier block than the revocation (docs/protocol.md §4.1): the signed log counts.
    for (const [fixture, text, expected] of [
      [firstFiveSafe, "abC", minesPayout(STAKE, MINES, 2n)],
      [mineAtC, "bc", 0n],
    ] as const) {
      const f = await loadFixture(fixture);
      const log = asciiLog(text);
      const signature = await signActions(f, f.aliceSession.key, f.round.betId, log);
      await f.sessions.connect(f.alice).revokeSession(f.aliceSession.key.address);
      const settled = await settlement(f, f.aliceSession, () => f.sessions.connect(f.settler).settle(f.round.betId, f.round.seed, log, signature, "0x"));
      expect([settled.payout, settled.toLane, settled.toVault]).to.deep.equal([expected, expected, settled.jackpot]);
    }
  });

  it("refuses a log another player's key signed, or the key's signature of another log (NotSessionPlayer)", async function () {
    const f = await loadFixture(firstFiveSafe);
    const log = asciiLog("abcdeC");
    for (const key of [keyOf("the server"), f.bobSession.key]) {
      await expect(f.sessions.connect(f.settler).settle(f.round.betId, f.round.seed, log, await signActions(f, key, f.round.betId, log), "0x"))
        .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
        .withArgs(key.address, f.alice.address);
    }
    const shorter = await signActions(f, f.aliceSession.key, f.round.betId, asciiLog("aC"));
    await expect(f.sessions.connect(f.settler).settle(f.round.betId, f.round.seed, log, shorter, "0x"))
      .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
      .withArgs(recoverActionsKey(f, f.round.betId, log, shorter), f.alice.address);
    expect((await f.casino.getBet(f.round.betId)).open).to.be.true;
  });

  it("without a signed log the round had no reveal: Casino.settle pays 0 and refuses a cash-out's payout (PayoutMismatch)", async function () {
    const f = await loadFixture(firstFiveSafe);
    const cashOut = minesPayout(STAKE, MINES, 5n);
    await expect(f.casino.connect(f.settler).settle(f.round.betId, f.round.seed, cashOut))
      .to.be.revertedWithCustomError(f.casino, "PayoutMismatch")
      .withArgs(f.round.betId, cashOut, 0n);
    const settled = await settlement(f, f.aliceSession, () => f.casino.connect(f.settler).settle(f.round.betId, f.round.seed, 0n));
    expect(settled.payout).to.equal(0n);
  });
});
