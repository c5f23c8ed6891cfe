// Finding R1-5 (round 1, docs/findings.md): the reservation and the expiry payout ignored the bet's params. A 10 DEGEN
// crash bet with auto cash-out 1.01x reserved, and paid on expiry, 1,000 (best outcome 10.1); a
// 9-colour wheel bet paid 102 on expiry (best 11.33). Now a bet reserves, and a claim pays, the
// maximum payout of the bet as placed, so low-multiplier bets also get a larger maxBet.
// (The whole table against the engine is test/Payouts.table.test.ts.)
import { expect } from "chai";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { deployCasino, GAME, maxPayout, NATIVE } from "../helpers";
import type { CasinoFixture } from "../helpers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { eventsOf, fmt, placeBet, postChain } from "./support";

async function reservationFixture() {
  const f = await deployCasino();
  for (const [i, player] of f.players.slice(0, 4).entries()) await postChain(f, player.address, `reservation ${i}`, 4);
  return f;
}

/** Places a bet, checks what it reserves, lets it expire, claims it and checks what it pays (jackpot draw included). */
async function reserveAndClaim(f: CasinoFixture, player: HardhatEthersSigner, game: number, params: bigint, amount: bigint, token: string, expected: bigint) {
  const { casino } = f;
  const [, reservedBefore] = await casino.house(token);
  const bet = await placeBet(f, player, { token, amount, game, params, value: token === NATIVE ? amount : 0n });
  const view = await casino.getBet(bet.betId);
  expect(view.maxPayout).to.equal(expected);
  expect(await casino.maxPayout(token, game, params, amount, false)).to.equal(expected);
  expect((await casino.house(token))[1] - reservedBefore).to.equal(expected);
  expect(await casino.reservedBy(player.address, token)).to.equal(expected);
  await time.increaseTo(bet.timestamp + 3600);
  const before = await casino.getBalance(player.address, token);
  const receipt = (await (await casino.connect(player).claimExpired(bet.betId)).wait())!;
  expect(eventsOf(receipt, casino, "ExpiredBetClaimed").map((e) => e.args.toArray())).to.deep.equal([[bet.betId, player.address, expected]]);
  // A DEGEN claim also draws the jackpot (p ≈ 10⁻⁶ here); whatever it drew is added on top.
  const jackpotWin = eventsOf(receipt, casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
  expect(await casino.getBalance(player.address, token)).to.equal(before + expected + jackpotWin);
  expect(await casino.reservedBy(player.address, token)).to.equal(0n);
  return bet;
}

describe("Finding R1-5: a bet reserves and, on expiry, pays the maximum payout of the bet as placed", function () {
  it("10 DEGEN crash with auto cash-out 1.01x reserves 10.1 and pays 10.1 on expiry (was 1,000)", async function () {
    const f = await loadFixture(reservationFixture);
    await reserveAndClaim(f, f.players[0], GAME.CRASH, 101n, parseEther("10"), f.tokenAddress, parseEther("10.1"));
  });

  it("10 DEGEN on a 9-colour wheel reserves and pays 11.333… on expiry (was 102)", async function () {
    const f = await loadFixture(reservationFixture);
    const nineColours = 0b0111111111n;
    // 10 × 10 segments × 1.02 / 9 colours, rounded down to the wei.
    await reserveAndClaim(f, f.players[0], GAME.WHEEL, nineColours, parseEther("10"), f.tokenAddress, 11_333_333_333_333_333_333n);
  });

  it("the bound follows the params for every game (manual crash 100x, 1 colour, slots, blackjack, kickboxing side and tie, mines, BNB too: blackjack 2.47x)", async function () {
    const f = await loadFixture(reservationFixture);
    const [a, b, c, d] = f.players;
    const cases: [HardhatEthersSigner, number, bigint, bigint, string, bigint][] = [
      [a, GAME.CRASH, 0n, parseEther("10"), f.tokenAddress, parseEther("1000")],
      [b, GAME.WHEEL, 1n, parseEther("10"), f.tokenAddress, parseEther("102")],
      [c, GAME.KICKBOXING, 2n, parseEther("10"), f.tokenAddress, parseEther("40")],
      [d, GAME.KICKBOXING, 1n, parseEther("10"), f.tokenAddress, parseEther("20")],
      [a, GAME.BLACKJACK, 0n, parseEther("10"), f.tokenAddress, parseEther("25")],
      [b, GAME.SLOTS, 0n, parseEther("10"), f.tokenAddress, parseEther("7650")],
      [c, GAME.CRASH, 101n, parseEther("0.01"), NATIVE, parseEther("0.0101")],
      [d, GAME.WHEEL, 0b0111111111n, parseEther("0.01"), NATIVE, 10_888_888_888_888_888n],
      // BNB pays a blackjack hand's winnings at 0.98x: a natural 2.47x.
      [a, GAME.BLACKJACK, 0n, parseEther("0.01"), NATIVE, parseEther("0.0247")],
      // Mines: every safe tile, RTP × C(25, mines), capped at 1,000x: 24 mines 25.5x, 5 mines the cap, BNB 1 mine 24.5x.
      [b, GAME.MINES, 24n, parseEther("10"), f.tokenAddress, parseEther("255")],
      [c, GAME.MINES, 5n, parseEther("10"), f.tokenAddress, parseEther("10000")],
      [d, GAME.MINES, 1n, parseEther("0.01"), NATIVE, parseEther("0.245")],
    ];
    for (const [player, game, params, amount, token, expected] of cases) {
      expect(maxPayout(game, params, token === NATIVE, amount)).to.equal(expected);
      await reserveAndClaim(f, player, game, params, amount, token, expected);
    }
  });

  it("low-multiplier bets get a larger maxBet: crash 1.01x 247,524.75 DEGEN vs manual crash 2,500 (5 % of a 5M free bankroll)", async function () {
    const f = await loadFixture(reservationFixture);
    const { casino, tokenAddress, players } = f;
    const reservable = (parseEther("5000000") * 500n) / 10_000n; // riskBps 5 % of the free bankroll = 250,000
    const expected: [number, bigint, bigint][] = [
      [GAME.CRASH, 101n, (reservable * 100n) / 101n],
      [GAME.CRASH, 200n, (reservable * 100n) / 200n],
      [GAME.CRASH, 0n, (reservable * 100n) / 10_000n],
      [GAME.WHEEL, 0b0111111111n, (reservable * 90_000n) / 102_000n],
      [GAME.WHEEL, 1n, (reservable * 10_000n) / 102_000n],
    ];
    const lines: string[] = [];
    for (const [game, params, maximum] of expected) {
      expect(await casino.maxBet(tokenAddress, game, params, "0x0000000000000000000000000000000000000000")).to.equal(maximum);
      expect(await casino.maxBet(tokenAddress, game, params, players[0].address)).to.equal(maximum);
      lines.push(`${game}/${params}: ${fmt(maximum, 2)}`);
    }
    console.log(`      maxBet DEGEN (game/params): ${lines.join(", ")}`);
    expect((reservable * 100n) / 101n).to.equal(247_524_752_475_247_524_752_475n);
    expect((reservable * 100n) / 10_000n).to.equal(parseEther("2500"));

    // The crash 1.01x maximum is accepted, one wei more is refused.
    const [alice] = players;
    const maximum = (reservable * 100n) / 101n;
    const [commit] = await casino.commitmentOf(alice.address);
    const terms = await casino.terms();
    await expect(casino.connect(alice).playGame(tokenAddress, maximum + 1n, GAME.CRASH, 101, commit, commit, terms))
      .to.be.revertedWithCustomError(casino, "BetTooLarge")
      .withArgs(maximum + 1n, maximum);
    const bet = await placeBet(f, alice, { amount: maximum, game: GAME.CRASH, params: 101n });
    expect((await casino.getBet(bet.betId)).maxPayout).to.equal((maximum * 101n) / 100n);
    expect((maximum * 101n) / 100n).to.be.at.most(reservable);
  });
});
