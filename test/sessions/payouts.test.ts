// Payouts the house cannot get wrong (contracts/README.md "Payout enforcement"). Every payout is computed on chain by the rules
// (contracts/rules/GameRules.sol) at settlement: where the settler names a payout (Casino.settle,
// settleBatch) any other amount than the rules' is refused (PayoutMismatch(betId, named, rules');
// settleBatch skips that bet with SettlementSkipped and settles the others);
// where it names none (CasinoSessions.play, CasinoSessions.settle) the Casino computes it. That the
// rules pay what the engine pays is test/rules/GameRules.engine.test.ts's: every engine vector
// (engine/vectors) and 10,000 random words per game, against this same GameRules contract.
import { expect } from "chai";
import { artifacts, ethers } from "hardhat";
import { loadFixture, takeSnapshot } from "@nomicfoundation/hardhat-network-helpers";
import type { Interface, ParamType } from "ethers";
import { GAME, NATIVE } from "../helpers";
import { eventsOf } from "../findings/support";
import { deploySessions, openBetPayout, walletBet, type BetOptions, type Outcome } from "./support";

const win: Outcome = async (pay) => (await pay())! > 0n;
const lose: Outcome = async (pay) => (await pay()) === 0n;

/** Every game, both tokens where the payout differs by token; blackjack and manual crash with no signed action. */
const GAMES: (BetOptions & { label: string })[] = [
  { label: "wheel, one colour, DEGEN", game: GAME.WHEEL, params: 1n },
  { label: "wheel, three colours, BNB", game: GAME.WHEEL, params: 0b1010100n, token: NATIVE },
  { label: "slots, DEGEN", game: GAME.SLOTS, params: 0n },
  { label: "slots, BNB", game: GAME.SLOTS, params: 0n, token: NATIVE },
  { label: "blackjack, stood (no signed action)", game: GAME.BLACKJACK, params: 0n },
  { label: "kickboxing, RED", game: GAME.KICKBOXING, params: 0n },
  { label: "kickboxing, BLUE, BNB", game: GAME.KICKBOXING, params: 1n, token: NATIVE },
  { label: "crash, auto cash-out at 2x, DEGEN", game: GAME.CRASH, params: 200n },
  { label: "crash, auto cash-out at 1.5x, BNB", game: GAME.CRASH, params: 150n, token: NATIVE },
  { label: "crash, manual, no cash-out signed", game: GAME.CRASH, params: 0n },
];

/** Every parameter name of a function, nested struct members included. */
function parameterNames(params: readonly ParamType[]): string[] {
  return params.flatMap((p) => [p.name, ...parameterNames(p.components ?? [])]);
}

describe("A settler cannot pay a wrong amount", function () {
  for (const options of GAMES) {
    const manual = options.game === GAME.CRASH && options.params === 0n;
    it(`${options.label}: settle refuses any payout but the rules' (PayoutMismatch), settleBatch skips that bet, and both pay the rules' to the wei`, async function () {
      const f = await loadFixture(deploySessions);
      const [alice, bob] = f.players;
      const token = options.token ?? f.tokenAddress;
      // Alice's bet wins where the game can win without a signed action; Bob's loses.
      const winner = await walletBet(f, alice, { ...options, wanted: manual ? lose : win });
      const loser = await walletBet(f, bob, { ...options, wanted: lose });
      await winner.send();
      await loser.send();
      const [won, lost] = [await openBetPayout(f, winner.betId, winner.seed), await openBetPayout(f, loser.betId, loser.seed)];
      expect(won > 0n).to.equal(!manual);
      expect(lost).to.equal(0n);

      // A winner paid nothing, a wei less or a wei more; a loser paid its stake back, or what a cash-out would pay.
      const wrong: [bigint, bigint, bigint, string][] = [
        [winner.betId, won + 1n, won, winner.seed],
        [loser.betId, winner.bet.amount, 0n, loser.seed],
        [loser.betId, manual ? (loser.bet.amount * 200n) / 100n : 1n, 0n, loser.seed],
      ];
      if (won > 0n) wrong.push([winner.betId, 0n, won, winner.seed], [winner.betId, won - 1n, won, winner.seed]);
      for (const [betId, named, rules, seed] of wrong) {
        await expect(f.casino.connect(f.settler).settle(betId, seed, named))
          .to.be.revertedWithCustomError(f.casino, "PayoutMismatch")
          .withArgs(betId, named, rules);
      }
      // In a batch the bet named with another payout is skipped, and the other settles (undone here).
      const mismatch = f.casino.interface.getError("PayoutMismatch")!.selector;
      for (const [payouts, skipped] of [
        [[won, 1n], loser.betId],
        [[won + 1n, 0n], winner.betId],
      ] as const) {
        const probe = await takeSnapshot();
        await expect(f.casino.connect(f.settler).settleBatch([winner.betId, loser.betId], [winner.seed, loser.seed], [...payouts]))
          .to.emit(f.casino, "SettlementSkipped")
          .withArgs(skipped, mismatch);
        expect((await f.casino.getBet(skipped)).open).to.equal(true);
        await probe.restore();
      }

      const vaults = await Promise.all([alice, bob].map((p) => f.casino.getBalance(p.address, token)));
      const [bankroll] = await f.casino.house(token);
      const receipt = (await (await f.casino.connect(f.settler).settleBatch([winner.betId, loser.betId], [winner.seed, loser.seed], [won, 0n])).wait())!;
      expect(eventsOf(receipt, f.casino, "GamePlayed").map((e) => e.args.payout)).to.deep.equal([won, 0n]);
      const jackpot = (player: string) =>
        eventsOf(receipt, f.casino, "JackpotWon")
          .filter((e) => e.args.player === player)
          .reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
      expect(await f.casino.getBalance(alice.address, token)).to.equal(vaults[0] + won + jackpot(alice.address));
      expect(await f.casino.getBalance(bob.address, token)).to.equal(vaults[1] + jackpot(bob.address));
      expect(await f.casino.house(token)).to.deep.equal([bankroll + winner.bet.amount + loser.bet.amount - won, 0n]);
    });
  }

  describe("where no payout is named, the Casino computes it", function () {
    it("CasinoSessions.play and CasinoSessions.settle, and the Casino's entries behind them, take no payout", async function () {
      const f = await loadFixture(deploySessions);
      const entries: [Interface, string][] = [
        ...["play", "place", "split", "settle"].map((name): [Interface, string] => [f.sessions.interface, name]),
        ...["playFor", "placeFor", "addStakeFor", "settleFor"].map((name): [Interface, string] => [f.casino.interface, name]),
      ];
      for (const [iface, name] of entries) {
        expect(parameterNames(iface.getFunction(name)!.inputs).filter((n) => /payout/i.test(n))).to.deep.equal([]);
      }
    });

    it("the settler cannot reach the Casino's session entries itself: only CasinoSessions, which checked the player's signature (NotSessions)", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const bet = await walletBet(f, alice, { game: GAME.BLACKJACK, params: 0n });
      await bet.send();
      const settler = f.casino.connect(f.settler);
      await expect(
        settler.playFor([{ bet: bet.bet, deadline: 0n, r: ethers.ZeroHash, vs: ethers.ZeroHash }], [bet.seed], ["0x00000000"]),
      ).to.be.revertedWithCustomError(f.casino, "NotSessions");
      await expect(settler.placeFor(bet.bet, 0n)).to.be.revertedWithCustomError(f.casino, "NotSessions");
      await expect(settler.addStakeFor(bet.betId)).to.be.revertedWithCustomError(f.casino, "NotSessions");
      await expect(settler.settleFor(bet.betId, bet.seed, "0x48")).to.be.revertedWithCustomError(f.casino, "NotSessions");
      // Nor open or close a lane: a lane's funds leave the vault only by the player's signed grant.
      await expect(settler.openLane(alice.address, 1, bet.seed, 1n, 0n)).to.be.revertedWithCustomError(f.casino, "NotSessions");
      await expect(settler.closeLane(alice.address, 1)).to.be.revertedWithCustomError(f.casino, "NotSessions");
    });

    it("computes with the GameRules whose payouts test/rules checks against the engine: casino.rules() runs GameRules' code", async function () {
      const f = await loadFixture(deploySessions);
      const { deployedBytecode } = await artifacts.readArtifact("GameRules");
      expect(await ethers.provider.getCode(await f.casino.rules())).to.equal(deployedBytecode);
    });
  });
});
