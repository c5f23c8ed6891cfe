// Trust, round 2 (docs/findings.md), findings R2-4 and R2-5, and a gap found while fixing them.
//  4. Many accounts locked the bankroll: the 10 % cap per player is per address, so ten accounts
//     with maximum blackjack hands reserved 97.4 % of it and cut everyone else's wheel maxBet from
//     24,510 to 646 DEGEN. Now all open blackjack hands together reserve at most interactiveRiskBps
//     (50 %, at most 90 %) of the bankroll, the long shots (mines, crash with a manual cash-out)
//     half that in a room of their own (R4-6, docs/decisions.md §4 "long shots"), and every
//     reservation leaves riskBps of the bankroll free (CasinoLedger.aboveFloor).
//  5. The 1 % max wallet was bypassed through the Casino: park 10M DEGEN in the vault, receive 5M
//     more, withdraw the vault, hold 15M. Now a withdrawal obeys the cap too (MaxWalletExceeded
//     names the account, its balance and the cap).
//  +. A chain with links left could be swapped under a bet signed but not yet mined: the bet was
//     refused, and sent again with a new client seed it gave the house a second draw of its
//     outcome. Now a chain is replaced only once spent, or given up by its player.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { BANKROLL_DEGEN, deployCasino, GAME, hangDetector, HashChain, maxPayout } from "../../helpers";
import { eventsOf, fmt, mineTogether, placeBet, postChain, revertDataOf } from "../support";

const BPS = 10_000n;
const ONE_COLOUR = 1n;

describe("Findings R2-4 and R2-5: the house", function () {
  describe("finding R2-4: however many accounts are used, another player's max bet keeps at least 10 % of what it was", function () {
    it("ten accounts opening and splitting maximum blackjack hands reserve at most 50 % of the bankroll; the wheel's maxBet keeps over half", async function () {
      hangDetector(this, 120_000);
      const f = await loadFixture(deployCasino);
      const { casino, token, tokenAddress } = f;
      const signers = await ethers.getSigners();
      const lockers = signers.slice(12, 22);
      const other = f.players[0];
      expect(await casino.interactiveRisk(tokenAddress)).to.deep.equal([5_000n, 0n]);
      const wheelBefore = await casino.maxBet(tokenAddress, GAME.WHEEL, ONE_COLOUR, other.address);
      expect(wheelBefore / 10n ** 18n).to.equal(24_509n);
      let refused = 0;
      for (const [i, locker] of lockers.entries()) {
        await token.transfer(locker.address, parseEther("500000"));
        await token.connect(locker).approve(f.casinoAddress, ethers.MaxUint256);
        await postChain(f, locker.address, `locker ${i}`, 8);
        // The largest hand this account may open, then its split if the rooms allow it.
        const maximum = await casino.maxBet(tokenAddress, GAME.BLACKJACK, 0, locker.address);
        if (maximum < parseEther("1")) {
          refused++;
          continue;
        }
        const hand = await placeBet(f, locker, { amount: maximum, game: GAME.BLACKJACK, params: 0n });
        await casino
          .connect(locker)
          .addStake(hand.betId)
          .catch(() => refused++);
      }
      const [bankroll, reserved] = await casino.house(tokenAddress);
      const [, interactive] = await casino.interactiveRisk(tokenAddress);
      expect(interactive).to.equal(reserved);
      expect(interactive * BPS).to.be.at.most(bankroll * 5_000n);
      const wheelAfter = await casino.maxBet(tokenAddress, GAME.WHEEL, ONE_COLOUR, other.address);
      expect(wheelAfter * 10n).to.be.at.least(wheelBefore);
      expect(wheelAfter * 2n).to.be.at.least(wheelBefore - parseEther("1"));
      console.log(
        `      10 accounts: ${refused} hands or splits refused, interactive bets reserve ${fmt(interactive, 0)} of ${fmt(bankroll, 0)} ` +
          `(${((Number(interactive) / Number(bankroll)) * 100).toFixed(1)} %; review: 97.4 %), wheel maxBet ${fmt(wheelBefore, 0)} → ${fmt(wheelAfter, 0)} (review: 646)`,
      );
      // Everyone else still bets that maximum.
      await postChain(f, other.address, "other", 1);
      const bet = await placeBet(f, other, { amount: wheelAfter, game: GAME.WHEEL, params: ONE_COLOUR });
      expect((await casino.getBet(bet.betId)).maxPayout).to.equal(maxPayout(GAME.WHEEL, ONE_COLOUR, false, wheelAfter));
      expect(BANKROLL_DEGEN).to.equal(bankroll);
    });

    it("the hands' cap is the owner's within [1, 9,000] bps, and the long shots' half of it, the two together at most 9,000: even at the loosest 10 % of the bankroll stays free of interactive bets", async function () {
      const { casino, tokenAddress, players, stranger } = await loadFixture(deployCasino);
      await expect(casino.setInteractiveRiskBps(9_001)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(9_001, 1, 9_000);
      await expect(casino.setInteractiveRiskBps(0)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(0, 1, 9_000);
      await expect(casino.connect(stranger).setInteractiveRiskBps(100)).to.be.revertedWithCustomError(casino, "OwnableUnauthorizedAccount");
      await casino.setInteractiveRiskBps(9_000);
      expect([await casino.interactiveRisk(tokenAddress), await casino.longShotRisk(tokenAddress)]).to.deep.equal([
        [9_000n, 0n],
        [0n, 0n],
      ]);
      await casino.setInteractiveRiskBps(6_000);
      expect((await casino.longShotRisk(tokenAddress))[0], "9,000 less the hands' 6,000").to.equal(3_000n);
      await expect(casino.setInteractiveRiskBps(100)).to.emit(casino, "InteractiveRiskChanged").withArgs(100);
      // 1 % of 5M DEGEN = 50,000: a blackjack hand of 20,000 reserves exactly that.
      expect(await casino.maxBet(tokenAddress, GAME.BLACKJACK, 0, players[0].address)).to.equal(parseEther("20000"));
      // The long shots' 0.5 %, 25,000: a manual crash round (100x) of 250, a 3-mine round (1,000x) of 25.
      expect(await casino.maxBet(tokenAddress, GAME.CRASH, 0, players[0].address)).to.equal(parseEther("250"));
      expect(await casino.maxBet(tokenAddress, GAME.MINES, 3, players[0].address)).to.equal(parseEther("25"));
      // Stateless games are not held back by it.
      expect(await casino.maxBet(tokenAddress, GAME.CRASH, 200, players[0].address)).to.equal(parseEther("125000"));
    });
  });

  describe("finding R2-5: the 1 % max wallet holds for a withdrawal from the Casino", function () {
    it("park 10M in the vault, receive 5M, withdraw the vault: refused with MaxWalletExceeded(account, 15M, 10M); 5M can leave", async function () {
      const f = await loadFixture(deployCasino);
      const { token, casino, tokenAddress } = f;
      const whale = (await ethers.getSigners())[22];
      const max = await token.MAX_WALLET();
      await token.transfer(whale.address, max);
      await token.connect(whale).approve(f.casinoAddress, max);
      await casino.connect(whale).deposit(tokenAddress, max);
      await token.transfer(whale.address, max / 2n);
      await expect(casino.connect(whale).withdraw(tokenAddress, max))
        .to.be.revertedWithCustomError(token, "MaxWalletExceeded")
        .withArgs(whale.address, max + max / 2n, max);
      await casino.connect(whale).withdraw(tokenAddress, max / 2n);
      expect([await token.balanceOf(whale.address), await casino.getBalance(whale.address, tokenAddress)]).to.deep.equal([max, max / 2n]);
    });
  });

  describe("a chain with links left cannot be swapped under a bet on its way", function () {
    it("the settler's swap mined just before a player's bet is refused, and the bet lands on the chain it was signed against", async function () {
      const f = await loadFixture(deployCasino);
      const { casino, settler, tokenAddress } = f;
      const [bob] = f.players;
      const chain = await postChain(f, bob.address, "bob", 16);
      const terms = await casino.terms();
      const [swap, bet] = await mineTogether([
        () => casino.connect(settler).setCommitment(bob.address, new HashChain("re-draw", 16).commit, 16, { gasLimit: 200_000 }),
        () => casino.connect(bob).playGame(tokenAddress, parseEther("10"), GAME.WHEEL, 1, ethers.id("bob's seed"), chain.commit, terms, { gasLimit: 500_000 }),
      ]);
      expect([swap.status, bet.status]).to.deep.equal([0, 1]);
      const error = casino.interface.parseError(await revertDataOf(swap.hash))!;
      expect([error.name, ...error.args]).to.deep.equal(["ChainNotExhausted", 16n]);
      expect(eventsOf(bet, casino, "BetPlaced")).to.have.length(1);
      expect((await casino.commitmentOf(bob.address))[3]).to.equal(chain.commit);
    });
  });
});
