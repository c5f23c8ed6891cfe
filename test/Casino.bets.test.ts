import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { bettingFixture, CHAIN_LENGTH } from "./betting";
import { GAME, NATIVE, HashChain, betIdOf, randomWord, jackpotRoll, deployPair, MAX_MULTIPLIER_BPS, BANKROLL_DEGEN } from "./helpers";

describe("Casino bets and settlement", function () {
  describe("playGame", function () {
    it("escrows a DEGEN stake from the vault, reserves the maximum payout and emits BetPlaced", async function () {
      const { casino, tokenAddress, players } = await loadFixture(bettingFixture);
      const [alice] = players;
      const [commit] = await casino.commitmentOf(alice.address);
      const clientSeed = ethers.id("alice");
      const betId = betIdOf(alice.address, 0n);
      expect(await casino.connect(alice).playGame.staticCall(tokenAddress, parseEther("10"), GAME.CRASH, 250, clientSeed, commit)).to.equal(betId);
      await expect(casino.connect(alice).playGame(tokenAddress, parseEther("10"), GAME.CRASH, 250, clientSeed, commit))
        .to.emit(casino, "BetPlaced")
        .withArgs(betId, alice.address, tokenAddress, parseEther("10"), GAME.CRASH, 250, 0, clientSeed);
      expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("9990"));
      expect((await casino.house(tokenAddress))[1]).to.equal(parseEther("1000"));
      const bet = await casino.getBet(betId);
      expect([bet.player, bet.nonce, bet.token, bet.stake, bet.totalStake, bet.maxPayout, bet.gameType, bet.split, bet.open]).to.deep.equal([
        alice.address, 0n, tokenAddress, parseEther("10"), parseEther("10"), parseEther("1000"), BigInt(GAME.CRASH), false, true,
      ]);
      const [, nextNonce, remaining, root, nextToResolve, length] = await casino.commitmentOf(alice.address);
      expect([nextNonce, remaining, root, nextToResolve, length]).to.deep.equal([1n, BigInt(CHAIN_LENGTH - 1), commit, 0n, BigInt(CHAIN_LENGTH)]);
    });

    it("takes DEGEN by allowance when the vault does not cover the stake", async function () {
      const { casino, token, tokenAddress, players, place } = await loadFixture(bettingFixture);
      const [alice] = players;
      const wallet = await token.balanceOf(alice.address);
      await place(alice, { amount: parseEther("20000") });
      expect(await token.balanceOf(alice.address)).to.equal(wallet - parseEther("20000"));
      expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("10000"));
    });

    it("takes BNB from msg.value when sent, else from the vault", async function () {
      const { casino, players, place } = await loadFixture(bettingFixture);
      const [alice] = players;
      const held = await ethers.provider.getBalance(casino);
      await place(alice, { token: NATIVE, amount: parseEther("0.5"), value: parseEther("0.5") });
      expect(await ethers.provider.getBalance(casino)).to.equal(held + parseEther("0.5"));
      expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("10"));
      await place(alice, { token: NATIVE, amount: parseEther("0.5") });
      expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("9.5"));
    });

    it("refuses a BNB stake larger than the vault, and a value that does not match the stake", async function () {
      const { casino, tokenAddress, players } = await loadFixture(bettingFixture);
      const [alice] = players;
      const [commit] = await casino.commitmentOf(alice.address);
      const seed = ethers.id("x");
      const play = (token: string, amount: bigint, value: bigint) =>
        casino.connect(alice).playGame(token, amount, GAME.WHEEL, 1, seed, commit, { value });
      await expect(play(NATIVE, parseEther("11"), 0n)).to.be.revertedWithCustomError(casino, "BetTooLarge");
      await casino.connect(alice).withdraw(NATIVE, parseEther("9.99"));
      await expect(play(NATIVE, parseEther("0.1"), 0n))
        .to.be.revertedWithCustomError(casino, "InsufficientBalance")
        .withArgs(parseEther("0.01"), parseEther("0.1"));
      await expect(play(NATIVE, parseEther("0.1"), parseEther("0.2"))).to.be.revertedWithCustomError(casino, "ValueMismatch");
      await expect(play(tokenAddress, parseEther("1"), 1n)).to.be.revertedWithCustomError(casino, "ValueMismatch");
      await expect(play(alice.address, parseEther("1"), 0n)).to.be.revertedWithCustomError(casino, "UnsupportedToken");
    });

    it("validates each game's params", async function () {
      const { casino, tokenAddress, players } = await loadFixture(bettingFixture);
      const [alice] = players;
      const cases: [number, bigint, boolean][] = [
        [GAME.WHEEL, 1n, true], [GAME.WHEEL, 0b0111111111n, true], [GAME.WHEEL, 0b1011111111n, true],
        [GAME.WHEEL, 0n, false], [GAME.WHEEL, 0b1111111111n, false], [GAME.WHEEL, 1024n, false],
        [GAME.SLOTS, 0n, true], [GAME.SLOTS, 1n, false], [GAME.BLACKJACK, 0n, true], [GAME.BLACKJACK, 2n, false],
        [GAME.KICKBOXING, 0n, true], [GAME.KICKBOXING, 2n, true], [GAME.KICKBOXING, 3n, false],
        [GAME.CRASH, 0n, true], [GAME.CRASH, 101n, true], [GAME.CRASH, 10_000n, true],
        [GAME.CRASH, 100n, false], [GAME.CRASH, 10_001n, false],
      ];
      for (const [game, params, valid] of cases) {
        const [commit] = await casino.commitmentOf(alice.address);
        const sent = casino.connect(alice).playGame(tokenAddress, parseEther("1"), game, params, ethers.ZeroHash, commit);
        if (valid) await expect(sent, `game ${game} params ${params}`).to.emit(casino, "BetPlaced");
        else await expect(sent, `game ${game} params ${params}`).to.be.revertedWithCustomError(casino, "InvalidParams").withArgs(game, params);
      }
      const [commit] = await casino.commitmentOf(alice.address);
      await expect(casino.connect(alice).playGame(tokenAddress, parseEther("1"), 5, 0, ethers.ZeroHash, commit))
        .to.be.revertedWithCustomError(casino, "InvalidGameType")
        .withArgs(5);
    });

    it("enforces minBet (1 DEGEN, 0.001 BNB) and maxBet bounded by the free bankroll and the limit", async function () {
      const { casino, tokenAddress, players, stranger } = await loadFixture(bettingFixture);
      const [alice] = players;
      expect(await casino.minBet(tokenAddress)).to.equal(parseEther("1"));
      expect(await casino.minBet(NATIVE)).to.equal(parseEther("0.001"));
      const degenMax = (BANKROLL_DEGEN * 500n) / MAX_MULTIPLIER_BPS[GAME.WHEEL];
      expect(await casino.maxBet(tokenAddress, GAME.WHEEL)).to.equal(degenMax);
      expect(await casino.maxBet(tokenAddress, GAME.CRASH)).to.equal(parseEther("2500"));
      await casino.setMaxBetLimit(tokenAddress, parseEther("1000"));
      expect(await casino.maxBet(tokenAddress, GAME.WHEEL)).to.equal(parseEther("1000"));
      const [commit] = await casino.commitmentOf(alice.address);
      await expect(casino.connect(alice).playGame(tokenAddress, parseEther("1000") + 1n, GAME.WHEEL, 1, ethers.ZeroHash, commit))
        .to.be.revertedWithCustomError(casino, "BetTooLarge")
        .withArgs(parseEther("1000") + 1n, parseEther("1000"));
      await expect(casino.connect(alice).playGame(NATIVE, parseEther("0.001") - 1n, GAME.WHEEL, 1, ethers.ZeroHash, commit))
        .to.be.revertedWithCustomError(casino, "BetTooSmall")
        .withArgs(parseEther("0.001") - 1n, parseEther("0.001"));
      await expect(casino.maxBet(tokenAddress, 5)).to.be.revertedWithCustomError(casino, "InvalidGameType");
      await expect(casino.minBet(stranger.address)).to.be.revertedWithCustomError(casino, "UnsupportedToken");
    });

    it("needs a commitment, accepts the chain's current commitment or its root, and refuses a stale one", async function () {
      const { casino, tokenAddress, settler, players, place, seedOf } = await loadFixture(bettingFixture);
      const [alice, , , dave] = players;
      await expect(casino.connect(dave).playGame(tokenAddress, parseEther("1"), GAME.WHEEL, 1, ethers.ZeroHash, ethers.ZeroHash))
        .to.be.revertedWithCustomError(casino, "NoCommitment");
      const first = await place(alice);
      await casino.connect(settler).settle(first.betId, seedOf(alice, 0n), 0);
      const [current, , , root] = await casino.commitmentOf(alice.address);
      expect(current).to.equal(seedOf(alice, 0n));
      for (const expected of [current, root]) {
        await expect(casino.connect(alice).playGame(tokenAddress, parseEther("1"), GAME.WHEEL, 1, ethers.ZeroHash, expected)).to.emit(casino, "BetPlaced");
      }
      const stale = ethers.id("stale");
      await expect(casino.connect(alice).playGame(tokenAddress, parseEther("1"), GAME.WHEEL, 1, ethers.ZeroHash, stale))
        .to.be.revertedWithCustomError(casino, "StaleCommitment")
        .withArgs(current);
    });

    it("refuses a bet that would need a link beyond the chain's length", async function () {
      const { casino, tokenAddress, players, place } = await loadFixture(bettingFixture);
      const [alice] = players;
      for (let i = 0; i < CHAIN_LENGTH; i++) await place(alice, { amount: parseEther("1") });
      const [commit, , remaining] = await casino.commitmentOf(alice.address);
      expect(remaining).to.equal(0n);
      await expect(casino.connect(alice).playGame(tokenAddress, parseEther("1"), GAME.WHEEL, 1, ethers.ZeroHash, commit))
        .to.be.revertedWithCustomError(casino, "ChainExhausted");
    });

    it("stops new bets while paused, and nothing else", async function () {
      const { casino, tokenAddress, settler, players, place, seedOf } = await loadFixture(bettingFixture);
      const [alice] = players;
      const bet = await place(alice);
      await expect(casino.pause()).to.emit(casino, "Paused");
      expect(await casino.paused()).to.equal(true);
      await expect(casino.pause()).to.be.revertedWithCustomError(casino, "IsPaused");
      const [commit] = await casino.commitmentOf(alice.address);
      await expect(casino.connect(alice).playGame(tokenAddress, parseEther("1"), GAME.WHEEL, 1, ethers.ZeroHash, commit))
        .to.be.revertedWithCustomError(casino, "IsPaused");
      await expect(casino.connect(settler).settle(bet.betId, seedOf(alice, 0n), 0)).to.emit(casino, "BetSettled");
      await expect(casino.unpause()).to.emit(casino, "Unpaused");
      await expect(casino.unpause()).to.be.revertedWithCustomError(casino, "NotPaused");
      await place(alice);
    });
  });

  describe("setCommitment", function () {
    it("posts a chain for a player with no open bet, starting at the player's next nonce", async function () {
      const { casino, settler, players, place, seedOf } = await loadFixture(bettingFixture);
      const [alice] = players;
      const bet = await place(alice);
      await casino.connect(settler).settle(bet.betId, seedOf(alice, 0n), 0);
      const chain = new HashChain("alice epoch 2", 8);
      await expect(casino.connect(settler).setCommitment(alice.address, chain.commit, 8))
        .to.emit(casino, "CommitmentSet")
        .withArgs(alice.address, chain.commit, 1, 8);
      const next = await place(alice);
      expect(next.nonce).to.equal(1n);
      await expect(casino.connect(settler).settle(next.betId, chain.seed(1), 0)).to.emit(casino, "BetSettled");
    });

    it("refuses a zero player, commitment or length, a stranger, and any change under an open bet", async function () {
      const { casino, settler, players, stranger, place } = await loadFixture(bettingFixture);
      const [alice] = players;
      const commit = ethers.id("c");
      await expect(casino.connect(settler).setCommitment(ethers.ZeroAddress, commit, 1)).to.be.revertedWithCustomError(casino, "ZeroAddress");
      await expect(casino.connect(settler).setCommitment(alice.address, ethers.ZeroHash, 1)).to.be.revertedWithCustomError(casino, "InvalidCommitment");
      await expect(casino.connect(settler).setCommitment(alice.address, commit, 0)).to.be.revertedWithCustomError(casino, "InvalidCommitment");
      await expect(casino.connect(stranger).setCommitment(alice.address, commit, 1)).to.be.revertedWithCustomError(casino, "NotSettler");
      await place(alice);
      await expect(casino.connect(settler).setCommitment(alice.address, commit, 1)).to.be.revertedWithCustomError(casino, "OpenBetExists");
    });
  });

  describe("settle", function () {
    it("reveals the seed, credits the payout, returns the rest to the bankroll and emits the events", async function () {
      const { casino, tokenAddress, casinoAddress, settler, players, place, seedOf, chainId } = await loadFixture(bettingFixture);
      const [alice] = players;
      const bet = await place(alice, { amount: parseEther("100"), game: GAME.WHEEL, params: 0b11 });
      const seed = seedOf(alice, 0n);
      const random = randomWord(seed, bet.clientSeed, alice.address, 0n, chainId, casinoAddress);
      expect(await casino.computeRandom(seed, bet.clientSeed, alice.address, 0n)).to.equal(random);
      const [bankroll] = await casino.house(tokenAddress);
      const payout = parseEther("510");
      const jackpot = await casino.jackpotPool();
      const hit = jackpotRoll(random) < 100;
      await expect(casino.connect(settler).settle(bet.betId, seed, payout))
        .to.emit(casino, "BetSettled")
        .withArgs(bet.betId, seed, random)
        .and.to.emit(casino, "GamePlayed")
        .withArgs(alice.address, parseEther("100"), payout, true, GAME.WHEEL);
      const jackpotWin = hit ? (jackpot * 500n) / 10_000n : 0n;
      expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("9900") + payout + jackpotWin);
      expect(await casino.house(tokenAddress)).to.deep.equal([bankroll + parseEther("100") - payout, 0n]);
      expect((await casino.getBet(bet.betId)).open).to.equal(false);
      const [commit, , , , nextToResolve] = await casino.commitmentOf(alice.address);
      expect([commit, nextToResolve]).to.deep.equal([seed, 1n]);
    });

    it("reports a losing BNB bet with won = false and keeps its stake in the bankroll", async function () {
      const { casino, settler, players, place, seedOf } = await loadFixture(bettingFixture);
      const [alice] = players;
      const bet = await place(alice, { token: NATIVE, amount: parseEther("1"), game: GAME.KICKBOXING, params: 2 });
      await expect(casino.connect(settler).settle(bet.betId, seedOf(alice, 0n), 0))
        .to.emit(casino, "GamePlayed")
        .withArgs(alice.address, parseEther("1"), 0, false, GAME.KICKBOXING);
      expect((await casino.house(NATIVE))[0]).to.equal(parseEther("1001"));
      expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("9"));
    });

    it("pays the jackpot on chain when a DEGEN bet's roll is below the chance, never for BNB", async function () {
      const { casino, tokenAddress, casinoAddress, settler, players, place, seedOf, chainId } = await loadFixture(bettingFixture);
      const [alice, bob] = players;
      const hitting = (player: string, seed: string, nonce: bigint) => {
        for (let i = 0; ; i++) {
          const clientSeed = ethers.id(`search ${i}`);
          if (jackpotRoll(randomWord(seed, clientSeed, player, nonce, chainId, casinoAddress)) < 100) return clientSeed;
        }
      };
      const degenBet = await place(alice, { clientSeed: hitting(alice.address, seedOf(alice, 0n), 0n) });
      const pool = await casino.jackpotPool();
      const win = (pool * 500n) / 10_000n;
      await expect(casino.connect(settler).settle(degenBet.betId, seedOf(alice, 0n), 0))
        .to.emit(casino, "JackpotWon")
        .withArgs(alice.address, win);
      expect(await casino.jackpotPool()).to.equal(pool - win);
      expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("9990") + win);

      const bnbBet = await place(bob, { token: NATIVE, clientSeed: hitting(bob.address, seedOf(bob, 0n), 0n) });
      await expect(casino.connect(settler).settle(bnbBet.betId, seedOf(bob, 0n), 0)).not.to.emit(casino, "JackpotWon");
      expect(await casino.jackpotPool()).to.equal(pool - win);

      await casino.setJackpotParams(0, 500);
      const missed = await place(alice, { clientSeed: hitting(alice.address, seedOf(alice, 1n), 1n) });
      await expect(casino.connect(settler).settle(missed.betId, seedOf(alice, 1n), 0)).not.to.emit(casino, "JackpotWon");
    });

    it("pays nothing and emits no JackpotWon when a hit meets an empty pool", async function () {
      const [owner, settler, dev] = await ethers.getSigners();
      const { casino, token } = await deployPair(owner, dev.address, settler.address);
      const [casinoAddress, tokenAddress] = await Promise.all([casino.getAddress(), token.getAddress()]);
      await token.approve(casinoAddress, ethers.MaxUint256);
      await casino.fundBankroll(tokenAddress, parseEther("100000"));
      await casino.deposit(tokenAddress, parseEther("10"));
      const chain = new HashChain("empty pool", 1);
      await casino.connect(settler).setCommitment(owner.address, chain.commit, 1);
      const { chainId } = await ethers.provider.getNetwork();
      let clientSeed = ethers.ZeroHash;
      for (let i = 0; jackpotRoll(randomWord(chain.seed(1), clientSeed, owner.address, 0n, chainId, casinoAddress)) >= 100; i++) {
        clientSeed = ethers.id(`empty ${i}`);
      }
      await casino.playGame(tokenAddress, parseEther("10"), GAME.WHEEL, 1, clientSeed, chain.commit);
      await expect(casino.connect(settler).settle(betIdOf(owner.address, 0n), chain.seed(1), 0)).not.to.emit(casino, "JackpotWon");
      expect(await casino.getBalance(owner.address, tokenAddress)).to.equal(0n);
    });

    it("refuses a stranger, an unknown or settled bet, the wrong order, a wrong seed and a payout above the reservation", async function () {
      const { casino, settler, players, stranger, place, seedOf } = await loadFixture(bettingFixture);
      const [alice] = players;
      const first = await place(alice, { amount: parseEther("10"), game: GAME.KICKBOXING, params: 0 });
      const second = await place(alice);
      await expect(casino.connect(stranger).settle(first.betId, seedOf(alice, 0n), 0)).to.be.revertedWithCustomError(casino, "NotSettler");
      await expect(casino.connect(settler).settle(second.betId, seedOf(alice, 1n), 0))
        .to.be.revertedWithCustomError(casino, "OutOfOrder")
        .withArgs(second.betId, 0);
      await expect(casino.connect(settler).settle(first.betId, seedOf(alice, 1n), 0))
        .to.be.revertedWithCustomError(casino, "WrongSeed")
        .withArgs(first.betId);
      await expect(casino.connect(settler).settle(first.betId, seedOf(alice, 0n), parseEther("40") + 1n))
        .to.be.revertedWithCustomError(casino, "PayoutAboveReservation")
        .withArgs(parseEther("40") + 1n, parseEther("40"));
      await casino.connect(settler).settle(first.betId, seedOf(alice, 0n), parseEther("40"));
      await expect(casino.connect(settler).settle(first.betId, seedOf(alice, 0n), 0))
        .to.be.revertedWithCustomError(casino, "BetNotOpen")
        .withArgs(first.betId);
      await expect(casino.connect(settler).settle(12345, seedOf(alice, 0n), 0)).to.be.revertedWithCustomError(casino, "BetNotOpen");
    });

    it("settles a batch across players in nonce order, all or nothing", async function () {
      const { casino, tokenAddress, settler, stranger, players, place, seedOf } = await loadFixture(bettingFixture);
      const [alice, bob] = players;
      const bets = [await place(alice), await place(bob), await place(alice)];
      const seeds = [seedOf(alice, 0n), seedOf(bob, 0n), seedOf(alice, 1n)];
      await expect(casino.connect(settler).settleBatch(bets.map((b) => b.betId), seeds, [0, 0]))
        .to.be.revertedWithCustomError(casino, "LengthMismatch");
      await expect(casino.connect(settler).settleBatch(bets.map((b) => b.betId), [seeds[0], seeds[1]], [0, 0, 0]))
        .to.be.revertedWithCustomError(casino, "LengthMismatch");
      await expect(casino.connect(settler).settleBatch(bets.map((b) => b.betId), seeds, [0, 0, parseEther("103")]))
        .to.be.revertedWithCustomError(casino, "PayoutAboveReservation");
      await expect(casino.connect(stranger).settleBatch([], [], [])).to.be.revertedWithCustomError(casino, "NotSettler");
      const tx = casino.connect(settler).settleBatch(bets.map((b) => b.betId), seeds, [parseEther("20"), 0, parseEther("102")]);
      await expect(tx).to.emit(casino, "BetSettled").withArgs(bets[2].betId, seeds[2], (await casino.computeRandom(seeds[2], bets[2].clientSeed, alice.address, 1n)));
      expect(await casino.getBalance(alice.address, tokenAddress)).to.be.greaterThanOrEqual(parseEther("10102"));
      expect((await casino.house(tokenAddress))[1]).to.equal(0n);
    });
  });

  describe("claimExpired", function () {
    it("pays the reserved maximum after the window; the next bet then settles past the unrevealed link", async function () {
      const { casino, tokenAddress, settler, players, place, seedOf } = await loadFixture(bettingFixture);
      const [alice] = players;
      const first = await place(alice, { game: GAME.KICKBOXING, params: 2 });
      const second = await place(alice);
      const placedAt = (await casino.getBet(first.betId)).placedAt;
      await expect(casino.connect(alice).claimExpired(first.betId))
        .to.be.revertedWithCustomError(casino, "NotExpired")
        .withArgs(placedAt + 3600n);
      await time.increaseTo(placedAt + 3600n);
      await expect(casino.connect(players[1]).claimExpired(first.betId)).to.be.revertedWithCustomError(casino, "NotBetPlayer");
      await expect(casino.connect(alice).claimExpired(second.betId)).to.be.revertedWithCustomError(casino, "OutOfOrder");
      const [bankroll] = await casino.house(tokenAddress);
      await expect(casino.connect(alice).claimExpired(first.betId))
        .to.emit(casino, "ExpiredBetClaimed")
        .withArgs(first.betId, alice.address, parseEther("40"))
        .and.to.emit(casino, "GamePlayed")
        .withArgs(alice.address, parseEther("10"), parseEther("40"), true, GAME.KICKBOXING);
      expect((await casino.house(tokenAddress))[0]).to.equal(bankroll + parseEther("10") - parseEther("40"));
      await expect(casino.connect(alice).claimExpired(first.betId)).to.be.revertedWithCustomError(casino, "BetNotOpen");
      await expect(casino.connect(settler).settle(second.betId, seedOf(alice, 1n), 0)).to.emit(casino, "BetSettled");
      expect((await casino.house(tokenAddress))[1]).to.equal(0n);
    });
  });

  describe("addStake (blackjack split)", function () {
    it("escrows a second equal stake from the vault and doubles the reservation", async function () {
      const { casino, tokenAddress, settler, players, place, seedOf } = await loadFixture(bettingFixture);
      const [alice] = players;
      const bet = await place(alice, { game: GAME.BLACKJACK, params: 0 });
      await expect(casino.connect(alice).addStake(bet.betId))
        .to.emit(casino, "StakeAdded")
        .withArgs(bet.betId, alice.address, parseEther("10"));
      const view = await casino.getBet(bet.betId);
      expect([view.split, view.totalStake, view.maxPayout]).to.deep.equal([true, parseEther("20"), parseEther("50")]);
      expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("9980"));
      expect((await casino.house(tokenAddress))[1]).to.equal(parseEther("50"));
      await expect(casino.connect(alice).addStake(bet.betId)).to.be.revertedWithCustomError(casino, "AlreadySplit");
      await expect(casino.connect(settler).settle(bet.betId, seedOf(alice, 0n), parseEther("40")))
        .to.emit(casino, "GamePlayed")
        .withArgs(alice.address, parseEther("20"), parseEther("40"), true, GAME.BLACKJACK);
    });

    it("takes the second stake as msg.value for BNB and by allowance for DEGEN when the vault is short", async function () {
      const { casino, token, players, place } = await loadFixture(bettingFixture);
      const [alice] = players;
      const bnb = await place(alice, { token: NATIVE, amount: parseEther("0.2"), game: GAME.BLACKJACK, params: 0 });
      await expect(casino.connect(alice).addStake(bnb.betId, { value: parseEther("0.1") })).to.be.revertedWithCustomError(casino, "ValueMismatch");
      await expect(casino.connect(alice).addStake(bnb.betId, { value: parseEther("0.2") })).to.changeEtherBalance(alice, -parseEther("0.2"));
      const degen = await place(alice, { amount: parseEther("9000"), game: GAME.BLACKJACK, params: 0 });
      const wallet = await token.balanceOf(alice.address);
      await casino.connect(alice).addStake(degen.betId);
      expect(await token.balanceOf(alice.address)).to.equal(wallet - parseEther("9000"));
    });

    it("refuses a stranger, a non-blackjack bet, a closed or expired bet, and a bankroll that cannot cover it", async function () {
      const { casino, settler, players, place, seedOf } = await loadFixture(bettingFixture);
      const [alice, bob] = players;
      const wheel = await place(alice);
      await expect(casino.connect(alice).addStake(wheel.betId)).to.be.revertedWithCustomError(casino, "NotBlackjack");
      await casino.connect(settler).settle(wheel.betId, seedOf(alice, 0n), 0);
      await expect(casino.connect(alice).addStake(wheel.betId)).to.be.revertedWithCustomError(casino, "BetNotOpen");
      const hand = await place(alice, { game: GAME.BLACKJACK, params: 0 });
      await expect(casino.connect(bob).addStake(hand.betId)).to.be.revertedWithCustomError(casino, "NotBetPlayer");
      await time.increase(3600);
      await expect(casino.connect(alice).addStake(hand.betId)).to.be.revertedWithCustomError(casino, "BetExpired");

      // Shrink the free BNB bankroll under an open hand through an announced withdrawal.
      await casino.setWithdrawalDelay(3600);
      const [bankroll] = await casino.house(NATIVE);
      await casino.announceBankrollWithdrawal(NATIVE, bankroll - parseEther("0.03"));
      await time.increase(3600);
      const bnbHand = await place(bob, { token: NATIVE, amount: parseEther("0.01"), game: GAME.BLACKJACK, params: 0 });
      await casino.executeBankrollWithdrawal(NATIVE);
      await expect(casino.connect(bob).addStake(bnbHand.betId))
        .to.be.revertedWithCustomError(casino, "InsufficientBankroll")
        .withArgs(parseEther("0.005"), parseEther("0.025"));
    });
  });

  describe("views", function () {
    it("derives bet ids, random words and jackpot rolls as the engine does", async function () {
      const { casino, casinoAddress, players, chainId } = await loadFixture(bettingFixture);
      const [alice] = players;
      expect(await casino.betIdOf(alice.address, 7)).to.equal(betIdOf(alice.address, 7n));
      const seed = ethers.id("seed");
      const clientSeed = ethers.id("client");
      const random = randomWord(seed, clientSeed, alice.address, 7n, chainId, casinoAddress);
      expect(await casino.computeRandom(seed, clientSeed, alice.address, 7)).to.equal(random);
      expect(await casino.jackpotRoll(random)).to.equal(BigInt(jackpotRoll(random)));
      const unknown = await casino.getBet(betIdOf(alice.address, 99n));
      expect([unknown.player, unknown.nonce, unknown.open, unknown.stake]).to.deep.equal([alice.address, 99n, false, 0n]);
      for (const [game, multiplier] of MAX_MULTIPLIER_BPS.entries()) expect(await casino.maxMultiplierBps(game)).to.equal(multiplier);
      await expect(casino.maxMultiplierBps(5)).to.be.revertedWithCustomError(casino, "InvalidGameType");
    });
  });
});
