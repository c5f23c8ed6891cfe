// Findings R1-8, R1-9 and R1-12 (round 1, docs/findings.md): the house.
//  8. Bankroll-withdrawal announcements never expired (one announced 91 days earlier executed at
//     once). Now an announcement lapses 7 days after it became executable.
//  9. Open hands could lock the bankroll (3 players with 48 maximum blackjack hands reserved
//     99.36 % of it and cut everyone else's wheel maxBet from 24,509.8 to 155.9). Now one player's
//     open bets reserve at most playerRiskBps (10 %) of the bankroll.
// 12. Tokens or BNB sent to the Casino outside its functions were stuck. Now the owner sweeps the
//     surplus above `accounted` (everything owed: vaults, one-click sessions' lanes, open stakes,
//     bankroll and jackpot), and any other ERC-20 in full.
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroAddress } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { BANKROLL_DEGEN, BANKROLL_NATIVE, deployCasino, GAME, JACKPOT_SEED, NATIVE, rulesPayout } from "../helpers";
import type { CasinoFixture } from "../helpers";
import { eventsOf, fmt, gasCost, placeBet, postChain } from "./support";
import { deploySessions, laneFunds, openSession, play, signBatch } from "../sessions/support";

const BPS = 10_000n;

describe("Findings R1-8, R1-9, R1-12: the house", function () {
  describe("finding R1-8: a bankroll-withdrawal announcement lapses", function () {
    it("an announcement 91 days old cannot execute (AnnouncementLapsed); one inside its window executes, bounds included", async function () {
      const f = await loadFixture(deployCasino);
      const { casino, owner } = f;
      const announce = async (amount: bigint) => {
        const tx = await casino.connect(owner).announceBankrollWithdrawal(NATIVE, amount);
        const executableAt = BigInt((await tx.getBlock())!.timestamp) + 86_400n;
        await expect(tx).to.emit(casino, "BankrollWithdrawalAnnounced").withArgs(NATIVE, amount, executableAt);
        return { executableAt, lapsedAt: executableAt + 7n * 86_400n };
      };
      expect(await casino.ANNOUNCEMENT_LIFETIME()).to.equal(7n * 86_400n);

      // The review's case: announced, forgotten, executed 91 days later.
      const old = await announce(parseEther("10"));
      await time.increaseTo(old.executableAt - 86_400n + 91n * 86_400n);
      await expect(casino.connect(owner).executeBankrollWithdrawal(NATIVE)).to.be.revertedWithCustomError(casino, "AnnouncementLapsed").withArgs(old.lapsedAt);
      // The lapsed announcement stays visible until replaced or cancelled.
      expect(await casino.pendingWithdrawal(NATIVE)).to.deep.equal([parseEther("10"), old.executableAt]);
      await expect(casino.connect(owner).cancelBankrollWithdrawal(NATIVE)).to.emit(casino, "BankrollWithdrawalCancelled").withArgs(NATIVE);
      await expect(casino.connect(owner).executeBankrollWithdrawal(NATIVE)).to.be.revertedWithCustomError(casino, "NothingPending");

      // A fresh one: not before its delay, from executableAt up to lapsedAt inclusive, not after.
      const fresh = await announce(parseEther("10"));
      await time.setNextBlockTimestamp(fresh.executableAt - 1n);
      await expect(casino.connect(owner).executeBankrollWithdrawal(NATIVE)).to.be.revertedWithCustomError(casino, "NotReady").withArgs(fresh.executableAt);
      for (const at of [fresh.executableAt, fresh.lapsedAt]) {
        const snapshot = await network.provider.send("evm_snapshot", []);
        await time.setNextBlockTimestamp(at);
        const wallet = await ethers.provider.getBalance(owner.address);
        const tx = await casino.connect(owner).executeBankrollWithdrawal(NATIVE);
        await expect(tx).to.emit(casino, "BankrollWithdrawalExecuted").withArgs(NATIVE, parseEther("10"), owner.address);
        expect(await ethers.provider.getBalance(owner.address)).to.equal(wallet + parseEther("10") - gasCost((await tx.wait())!));
        expect(await casino.house(NATIVE)).to.deep.equal([BANKROLL_NATIVE - parseEther("10"), 0n]);
        expect(await casino.accounted(NATIVE)).to.equal(BANKROLL_NATIVE - parseEther("10"));
        await network.provider.send("evm_revert", [snapshot]);
      }
      await time.setNextBlockTimestamp(fresh.lapsedAt + 1n);
      await expect(casino.connect(owner).executeBankrollWithdrawal(NATIVE))
        .to.be.revertedWithCustomError(casino, "AnnouncementLapsed")
        .withArgs(fresh.lapsedAt);
      expect(await casino.house(NATIVE)).to.deep.equal([BANKROLL_NATIVE, 0n]);
    });
  });

  describe("finding R1-9: open hands cannot lock the bankroll", function () {
    it("3 players opening as many maximum blackjack hands as they can reserve at most 10 % of the bankroll each; another player's wheel maxBet keeps its share", async function () {
      const f = await loadFixture(deployCasino);
      const { casino, tokenAddress, players } = f;
      const lockers = players.slice(0, 3);
      const other = players[3];
      const ONE_COLOUR = 1n;
      expect(await casino.riskBps()).to.deep.equal([500n, 1_000n]);
      const wheelBefore = await casino.maxBet(tokenAddress, GAME.WHEEL, ONE_COLOUR, other.address);
      expect(wheelBefore).to.equal((((BANKROLL_DEGEN * 500n) / BPS) * 10_000n) / 102_000n); // 24,509.8
      const cap = (BANKROLL_DEGEN * 1_000n) / BPS; // 500,000 DEGEN per player

      const hands: number[] = [];
      for (const [i, player] of lockers.entries()) {
        await postChain(f, player.address, `locker ${i}`, 48);
        let count = 0;
        let lastBet = 0n;
        for (; count < 48; count++) {
          const maximum = await casino.maxBet(tokenAddress, GAME.BLACKJACK, 0, player.address);
          if (maximum < parseEther("1")) break;
          lastBet = (await placeBet(f, player, { amount: maximum, game: GAME.BLACKJACK, params: 0n })).betId;
        }
        hands.push(count);
        const reserved = await casino.reservedBy(player.address, tokenAddress);
        expect(reserved).to.be.at.most(cap);
        // Even the smallest hand is refused now, and so is splitting an open hand.
        const room = cap - reserved;
        const maxNow = (room * 2n) / 5n;
        const [commit] = await casino.commitmentOf(player.address);
        await expect(casino.connect(player).playGame(tokenAddress, parseEther("1"), GAME.BLACKJACK, 0, ethers.ZeroHash, commit, await casino.terms()))
          .to.be.revertedWithCustomError(casino, "BetTooLarge")
          .withArgs(parseEther("1"), maxNow);
        const bet = await casino.getBet(lastBet);
        await expect(casino.connect(player).addStake(lastBet))
          .to.be.revertedWithCustomError(casino, "ExposureTooHigh")
          .withArgs(room, (bet.stake * 3n) / 2n);
      }
      const [bankroll, reserved] = await casino.house(tokenAddress);
      expect(bankroll).to.equal(BANKROLL_DEGEN);
      expect(reserved).to.be.at.most(3n * cap);
      const wheelAfter = await casino.maxBet(tokenAddress, GAME.WHEEL, ONE_COLOUR, other.address);
      expect(wheelAfter).to.equal(((((bankroll - reserved) * 500n) / BPS) * 10_000n) / 102_000n);
      // The share predicted: at most 3 × 10 % is reserved, so 5 % of the 70 % left, at 10.2x.
      const predicted = (((((BANKROLL_DEGEN * 7_000n) / BPS) * 500n) / BPS) * 10_000n) / 102_000n;
      expect(wheelAfter).to.be.at.least(predicted);
      console.log(
        `      hands ${hands.join("/")}, reserved ${fmt(reserved, 2)} of ${fmt(bankroll, 0)} (${((Number(reserved) / Number(bankroll)) * 100).toFixed(2)} %), ` +
          `wheel 1-colour maxBet ${fmt(wheelBefore, 1)} → ${fmt(wheelAfter, 1)} (≥ ${fmt(predicted, 1)} predicted; review: 99.36 %, 24,509.8 → 155.9)`,
      );
      // The other player can still bet that maximum.
      await postChain(f, other.address, "other", 1);
      const bet = await placeBet(f, other, { amount: wheelAfter, game: GAME.WHEEL, params: ONE_COLOUR });
      expect((await casino.getBet(bet.betId)).maxPayout).to.equal((wheelAfter * 102_000n) / 10_000n);
    });
  });

  describe("finding R1-12: stray funds are swept, owed funds never", function () {
    /** A casino with money owed in every form: vault balances, open bets in both tokens, bankroll, jackpot. */
    async function owedFixture() {
      const f = await deployCasino();
      const [alice, bob] = f.players;
      const chains = [];
      for (const [i, player] of [alice, bob].entries()) {
        chains.push(await postChain(f, player.address, `owed ${i}`, 4));
        await f.casino.connect(player).deposit(f.tokenAddress, parseEther("5000"));
        await f.casino.connect(player).deposit(NATIVE, parseEther("2"), { value: parseEther("2") });
      }
      await placeBet(f, alice, { amount: parseEther("100"), game: GAME.SLOTS, params: 0n });
      await placeBet(f, bob, { token: NATIVE, amount: parseEther("0.5"), game: GAME.CRASH, params: 150n, value: parseEther("0.5") });
      const mock = await (await ethers.getContractFactory("MockERC20")).deploy("Other", "OTH", parseEther("1000"));
      return { ...f, alice, bob, mock, chains };
    }

    async function holding(f: CasinoFixture, token: string) {
      return token === NATIVE ? ethers.provider.getBalance(f.casinoAddress) : f.token.balanceOf(f.casinoAddress);
    }

    async function expectNothingToSweep(f: CasinoFixture, owner: HardhatEthersSigner, token: string) {
      await expect(f.casino.connect(owner).sweep(token, owner.address)).to.be.revertedWithCustomError(f.casino, "NothingToSweep");
      expect(await holding(f, token)).to.equal(await f.casino.accounted(token));
    }

    it("nothing to sweep while everything held is owed: holding = accounted = vaults + open stakes + bankroll (+ jackpot)", async function () {
      const f = await loadFixture(owedFixture);
      const { casino, owner, tokenAddress } = f;
      expect(await casino.accounted(tokenAddress)).to.equal(BANKROLL_DEGEN + JACKPOT_SEED + parseEther("10000"));
      expect(await casino.accounted(NATIVE)).to.equal(BANKROLL_NATIVE + parseEther("4.5"));
      await expectNothingToSweep(f, owner, tokenAddress);
      await expectNothingToSweep(f, owner, NATIVE);
    });

    it("a one-click session's lane is owed as a vault is: opening it, its bets and its close move nothing out of accounted, and nothing is swept", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const tokens = [f.tokenAddress, NATIVE];
      const accounted = await Promise.all(tokens.map((token) => f.casino.accounted(token)));
      const session = await openSession(f, alice);
      await play(
        f,
        await signBatch(f, [
          [session, {}],
          [session, { token: NATIVE }],
        ]),
      );
      expect(await Promise.all(tokens.map((token) => f.casino.accounted(token)))).to.deep.equal(accounted);
      for (const token of tokens) await expectNothingToSweep(f, f.owner, token);
      await time.increaseTo(session.grant.expiresAt + 1n);
      await f.sessions.closeSession(alice.address, session.key.address);
      expect(await laneFunds(f, session)).to.deep.equal([0n, 0n]);
      expect(await Promise.all(tokens.map((token) => f.casino.accounted(token)))).to.deep.equal(accounted);
      for (const token of tokens) await expectNothingToSweep(f, f.owner, token);
    });

    it("DEGEN transferred directly and BNB force-sent by selfdestruct are swept exactly; accounted is unchanged and nothing is left to sweep", async function () {
      const f = await loadFixture(owedFixture);
      const { casino, token, owner, stranger, alice, tokenAddress, casinoAddress } = f;
      const owedDegen = await casino.accounted(tokenAddress);
      const owedNative = await casino.accounted(NATIVE);

      // DEGEN sent by plain transfers (untaxed: the Casino is the receiver).
      await token.connect(alice).transfer(casinoAddress, parseEther("777"));
      await token.connect(owner).transfer(casinoAddress, 123_456_789n);
      const strayDegen = parseEther("777") + 123_456_789n;
      expect(await holding(f, tokenAddress)).to.equal(owedDegen + strayDegen);
      const before = await token.balanceOf(stranger.address);
      await expect(casino.connect(owner).sweep(tokenAddress, stranger.address)).to.emit(casino, "Swept").withArgs(tokenAddress, stranger.address, strayDegen);
      expect(await token.balanceOf(stranger.address)).to.equal(before + strayDegen);
      expect(await casino.accounted(tokenAddress)).to.equal(owedDegen);
      await expectNothingToSweep(f, owner, tokenAddress);

      // BNB: the Casino has no receive function; a contract self-destructing in its constructor still sends it.
      await expect(owner.sendTransaction({ to: casinoAddress, value: 1n })).to.be.reverted;
      await (await ethers.getContractFactory("ForceSend")).deploy(casinoAddress, { value: parseEther("3") });
      expect(await holding(f, NATIVE)).to.equal(owedNative + parseEther("3"));
      const wallet = await ethers.provider.getBalance(stranger.address);
      await expect(casino.connect(owner).sweep(NATIVE, stranger.address)).to.emit(casino, "Swept").withArgs(NATIVE, stranger.address, parseEther("3"));
      expect(await ethers.provider.getBalance(stranger.address)).to.equal(wallet + parseEther("3"));
      expect(await casino.accounted(NATIVE)).to.equal(owedNative);
      await expectNothingToSweep(f, owner, NATIVE);
    });

    it("another ERC-20 sent to the Casino is swept in full; sweep is owner-only and refuses address(0)", async function () {
      const f = await loadFixture(owedFixture);
      const { casino, owner, stranger, mock, casinoAddress } = f;
      const mockAddress = await mock.getAddress();
      await expect(casino.connect(owner).sweep(mockAddress, owner.address)).to.be.revertedWithCustomError(casino, "NothingToSweep");
      await mock.transfer(casinoAddress, parseEther("250.5"));
      await expect(casino.connect(stranger).sweep(mockAddress, stranger.address))
        .to.be.revertedWithCustomError(casino, "OwnableUnauthorizedAccount")
        .withArgs(stranger.address);
      await expect(casino.connect(owner).sweep(mockAddress, ZeroAddress)).to.be.revertedWithCustomError(casino, "ZeroAddress");
      await expect(casino.connect(owner).sweep(mockAddress, stranger.address))
        .to.emit(casino, "Swept")
        .withArgs(mockAddress, stranger.address, parseEther("250.5"));
      expect(await mock.balanceOf(stranger.address)).to.equal(parseEther("250.5"));
      expect(await mock.balanceOf(casinoAddress)).to.equal(0n);
      expect(await casino.accounted(mockAddress)).to.equal(0n);
      await expect(casino.connect(owner).sweep(mockAddress, owner.address)).to.be.revertedWithCustomError(casino, "NothingToSweep");
      for (const token of [f.tokenAddress, NATIVE]) {
        await expect(casino.connect(stranger).sweep(token, stranger.address)).to.be.revertedWithCustomError(casino, "OwnableUnauthorizedAccount");
      }
    });

    it("after a sweep every owed wei is still paid out: open bets settle, vaults withdraw, and the Casino ends holding exactly bankroll + jackpot", async function () {
      const f = await loadFixture(owedFixture);
      const { casino, token, owner, settler, stranger, alice, bob, tokenAddress, casinoAddress } = f;
      await token.connect(alice).transfer(casinoAddress, parseEther("50"));
      await (await ethers.getContractFactory("ForceSend")).deploy(casinoAddress, { value: parseEther("1") });
      await casino.connect(owner).sweep(tokenAddress, stranger.address);
      await casino.connect(owner).sweep(NATIVE, stranger.address);
      // Settle both open bets at the rules' payouts and empty both vaults.
      const [aliceChain, bobChain] = f.chains;
      const [aliceBet, bobBet] = [await casino.betIdOf(alice.address, 0), await casino.betIdOf(bob.address, 0)];
      const [alicePayout, bobPayout] = [await rulesPayout(casino, aliceBet, aliceChain.seed(1)), await rulesPayout(casino, bobBet, bobChain.seed(1))];
      const receipt = (await (await casino.connect(settler).settle(aliceBet, aliceChain.seed(1), alicePayout)).wait())!;
      const jackpotWin = eventsOf(receipt, casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
      await casino.connect(settler).settle(bobBet, bobChain.seed(1), bobPayout);
      for (const player of [alice, bob]) {
        for (const t of [tokenAddress, NATIVE]) {
          const balance = await casino.getBalance(player.address, t);
          if (balance > 0n) await casino.connect(player).withdraw(t, balance);
        }
      }
      const [degenBankroll] = await casino.house(tokenAddress);
      const [nativeBankroll] = await casino.house(NATIVE);
      expect(degenBankroll).to.equal(BANKROLL_DEGEN + parseEther("100") - alicePayout);
      expect(nativeBankroll).to.equal(BANKROLL_NATIVE + parseEther("0.5") - bobPayout);
      expect(await holding(f, tokenAddress)).to.equal(degenBankroll + (await casino.jackpotPool()));
      expect(await casino.jackpotPool()).to.equal(JACKPOT_SEED - jackpotWin);
      expect(await holding(f, NATIVE)).to.equal(nativeBankroll);
      await expectNothingToSweep(f, owner, tokenAddress);
      await expectNothingToSweep(f, owner, NATIVE);
    });
  });
});
