import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { bettingFixture } from "./betting";
import { deployCasino, GAME, NATIVE, BANKROLL_DEGEN, BANKROLL_NATIVE, JACKPOT_SEED, maxPayout, packTerms, rulesPayout, settleAt } from "./helpers";
import { betFields } from "./support";

const UINT80_MAX = (1n << 80n) - 1n;

describe("Casino views", function () {
  it("publishes its constants, helpers and settings", async function () {
    const { casino, relay, swapDesk, tokenAddress, settler } = await loadFixture(deployCasino);
    expect(await casino.NATIVE()).to.equal(ethers.ZeroAddress);
    expect(await casino.degen()).to.equal(tokenAddress);
    expect(await casino.relay()).to.equal(await relay.getAddress());
    expect(await casino.swapDesk()).to.equal(await swapDesk.getAddress());
    // The contracts the Casino deployed for one-click play and self-set limits name it back.
    const casinoAddress = await casino.getAddress();
    const sessions = await ethers.getContractAt("CasinoSessions", await casino.sessions());
    const limits = await ethers.getContractAt("CasinoLimits", await casino.limits());
    expect([await sessions.casino(), await limits.casino(), await limits.degen()]).to.deep.equal([casinoAddress, casinoAddress, tokenAddress]);
    // Its rules: contracts/rules/GameRules.sol, whose payouts settle every bet.
    const rules = await ethers.getContractAt("GameRules", await casino.rules());
    expect(await rules.MAX_STAKE()).to.equal((1n << 128n) - 1n);
    expect(await casino.settler()).to.equal(settler.address);
    expect(await casino.paused()).to.equal(false);
    expect([await casino.MIN_BET_DEGEN(), await casino.MIN_BET_NATIVE()]).to.deep.equal([parseEther("1"), parseEther("0.001")]);
    expect([await casino.MAX_RISK_BPS(), await casino.MAX_PLAYER_RISK_BPS()]).to.deep.equal([2_000n, 5_000n]);
    expect([await casino.MIN_SETTLE_WINDOW(), await casino.MAX_SETTLE_WINDOW()]).to.deep.equal([600n, 86_400n]);
    expect([await casino.MIN_ANNOUNCEMENT_DELAY(), await casino.MAX_ANNOUNCEMENT_DELAY()]).to.deep.equal([3_600n, 30n * 86_400n]);
    expect([await casino.MAX_JACKPOT_EDGE_BPS(), await casino.MAX_JACKPOT_SHARE_BPS()]).to.deep.equal([200n, 5_000n]);
    expect(await casino.MAX_INTERACTIVE_RISK_BPS()).to.equal(9_000n);
    expect(await casino.MAX_BET_UNITS()).to.equal(16_777_215n);
    expect([await casino.settleWindow(), await casino.announcementDelay()]).to.deep.equal([3_600n, 86_400n]);
    expect(await casino.terms()).to.equal(packTerms(3_600n, 50n, 500n));
    expect(await casino.jackpotTerms()).to.deep.equal([50n, 500n]);
    expect(await casino.riskBps()).to.deep.equal([500n, 1_000n]);
    expect(await casino.house(tokenAddress)).to.deep.equal([BANKROLL_DEGEN, 0n]);
    expect(await casino.house(NATIVE)).to.deep.equal([BANKROLL_NATIVE, 0n]);
    expect(await casino.jackpotPool()).to.equal(JACKPOT_SEED);
    expect(await casino.commitmentOf(settler.address)).to.deep.equal([ethers.ZeroHash, 0n, 0n, ethers.ZeroHash, 0n, 0n]);
  });

  it("maxPayout answers each game's reservation: stake × its maximum multiplier at the token's RTP, rounded down", async function () {
    const { casino, tokenAddress } = await loadFixture(deployCasino);
    const stake = parseEther("10");
    const cases: [number, bigint, boolean, bigint][] = [
      [GAME.WHEEL, 1n, false, parseEther("102")],
      [GAME.WHEEL, 0b11n, false, parseEther("51")],
      [GAME.WHEEL, 0b111111111n, false, 11_333_333_333_333_333_333n],
      [GAME.WHEEL, 1n, true, parseEther("98")],
      [GAME.SLOTS, 0n, false, parseEther("7650")],
      [GAME.SLOTS, 0n, true, parseEther("7350")],
      [GAME.BLACKJACK, 0n, false, parseEther("25")],
      [GAME.KICKBOXING, 0n, false, parseEther("20")],
      [GAME.KICKBOXING, 1n, true, parseEther("20")],
      [GAME.KICKBOXING, 2n, false, parseEther("40")],
      [GAME.CRASH, 0n, false, parseEther("1000")],
      [GAME.CRASH, 101n, false, parseEther("10.1")],
      [GAME.CRASH, 10_000n, true, parseEther("1000")],
    ];
    for (const [game, params, isNative, expected] of cases) {
      expect(maxPayout(game, params, isNative, stake), `mirror of game ${game} params ${params}`).to.equal(expected);
      expect(await casino.maxPayout(isNative ? NATIVE : tokenAddress, game, params, stake, false), `game ${game} params ${params}`).to.equal(expected);
    }
    // A split hand: two stakes, each paying at most 2x.
    expect(await casino.maxPayout(tokenAddress, GAME.BLACKJACK, 0, 2n * stake, true)).to.equal(parseEther("40"));
    // Rounded down to the base unit: a 3-colour wheel pays at most 3.4x.
    expect(await casino.maxPayout(tokenAddress, GAME.WHEEL, 0b111, 1n, false)).to.equal(3n);
    await expect(casino.maxPayout(tokenAddress, GAME.CRASH, 100, stake, false))
      .to.be.revertedWithCustomError(casino, "InvalidParams")
      .withArgs(GAME.CRASH, 100);
    await expect(casino.maxPayout(tokenAddress, 8, 0, stake, false))
      .to.be.revertedWithCustomError(casino, "InvalidGameType")
      .withArgs(8);
  });

  it("maxBet counts a player's open reservations against the player's cap, and address(0) ignores them", async function () {
    const { casino, tokenAddress, players, place } = await loadFixture(bettingFixture);
    const [alice, bob] = players;
    // One player's open bets may reserve 1 % of the DEGEN bankroll: 50,000 DEGEN.
    await expect(casino.setPlayerRiskBps(100)).to.emit(casino, "PlayerRiskChanged").withArgs(100);
    await place(alice, { amount: parseEther("2000") });
    const reserved = maxPayout(GAME.WHEEL, 1n, false, parseEther("2000"));
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(reserved);
    const perUnit = (reservable: bigint) => (reservable * 10_000n) / 102_000n;
    const aliceMax = perUnit(parseEther("50000") - reserved);
    expect(await casino.maxBet(tokenAddress, GAME.WHEEL, 1, alice.address)).to.equal(aliceMax);
    expect(await casino.maxBet(tokenAddress, GAME.WHEEL, 1, bob.address)).to.equal(perUnit(parseEther("50000")));
    expect(await casino.maxBet(tokenAddress, GAME.WHEEL, 1, ethers.ZeroAddress)).to.equal(perUnit(((BANKROLL_DEGEN - reserved) * 500n) / 10_000n));
    // The same room buys a larger stake on a game with a smaller maximum payout.
    expect(await casino.maxBet(tokenAddress, GAME.CRASH, 101, alice.address)).to.equal(((parseEther("50000") - reserved) * 100n) / 101n);
    // BNB has a cap of its own: 1 % of 1,000 BNB covers a 100x manual crash of 0.1 BNB.
    expect(await casino.maxBet(NATIVE, GAME.CRASH, 0, alice.address)).to.equal(parseEther("0.1"));

    const [commit] = await casino.commitmentOf(alice.address);
    const terms = await casino.terms();
    await expect(casino.connect(alice).playGame(tokenAddress, aliceMax + 1n, GAME.WHEEL, 1, ethers.ZeroHash, commit, terms))
      .to.be.revertedWithCustomError(casino, "BetTooLarge")
      .withArgs(aliceMax + 1n, aliceMax);
    await casino.connect(alice).playGame(tokenAddress, aliceMax, GAME.WHEEL, 1, ethers.ZeroHash, commit, terms);
    const total = reserved + maxPayout(GAME.WHEEL, 1n, false, aliceMax);
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(total);
    expect(total <= parseEther("50000")).to.equal(true);
    expect(await casino.maxBet(tokenAddress, GAME.WHEEL, 1, alice.address)).to.equal(perUnit(parseEther("50000") - total));
  });

  it("maxBet is 0 for a player whose open reservations are above a cap lowered since, and bets are refused", async function () {
    const { casino, tokenAddress, players, place } = await loadFixture(bettingFixture);
    const [alice, bob] = players;
    await place(alice, { amount: parseEther("100") });
    // 0.01 % of the bankroll is 500 DEGEN, below the 1,020 DEGEN alice's bet reserves.
    await casino.setPlayerRiskBps(1);
    expect(await casino.maxBet(tokenAddress, GAME.WHEEL, 1, alice.address)).to.equal(0n);
    expect(await casino.maxBet(tokenAddress, GAME.WHEEL, 1, bob.address)).to.equal((parseEther("500") * 10_000n) / 102_000n);
    const [commit] = await casino.commitmentOf(alice.address);
    await expect(casino.connect(alice).playGame(tokenAddress, parseEther("1"), GAME.WHEEL, 1, ethers.ZeroHash, commit, await casino.terms()))
      .to.be.revertedWithCustomError(casino, "BetTooLarge")
      .withArgs(parseEther("1"), 0);
  });

  it("maxBet never lets one player's open reservations exceed the 2^80 - 1 its record holds", async function () {
    const { casino, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await casino.fundBankroll(tokenAddress, BANKROLL_DEGEN);
    await casino.setRiskBps(2_000);
    await casino.setPlayerRiskBps(5_000);
    await casino.setMaxBetLimit(tokenAddress, parseEther("16777215"));
    // Per bet: 20 % of 10,000,000 DEGEN; per player 50 %, beyond 2^80 - 1 wei (about 1,208,925 DEGEN).
    expect(await casino.maxBet(tokenAddress, GAME.CRASH, 101, ethers.ZeroAddress)).to.equal((parseEther("2000000") * 100n) / 101n);
    expect(await casino.maxBet(tokenAddress, GAME.CRASH, 101, alice.address)).to.equal((UINT80_MAX * 100n) / 101n);
  });

  it("reservedBy sums what a player's open bets reserve, per token, until they are resolved", async function () {
    const { casino, tokenAddress, settler, players, place, seedOf } = await loadFixture(bettingFixture);
    const [alice, bob] = players;
    const wheel = await place(alice, { amount: parseEther("100"), params: 0b101 });
    const crash = await place(alice, { token: NATIVE, amount: parseEther("0.5"), game: GAME.CRASH, params: 250 });
    const hand = await place(alice, { amount: parseEther("40"), game: GAME.BLACKJACK, params: 0 });
    const degenReserved = maxPayout(GAME.WHEEL, 0b101n, false, parseEther("100")) + maxPayout(GAME.BLACKJACK, 0n, false, parseEther("40"));
    expect(degenReserved).to.equal(parseEther("610"));
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(degenReserved);
    expect(await casino.reservedBy(alice.address, NATIVE)).to.equal(parseEther("1.25"));
    expect(await casino.reservedBy(bob.address, tokenAddress)).to.equal(0n);
    expect((await casino.house(tokenAddress))[1]).to.equal(degenReserved);
    await casino.connect(alice).addStake(hand.betId);
    const splitReserved = parseEther("510") + maxPayout(GAME.BLACKJACK, 0n, false, parseEther("80"), true);
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(splitReserved);
    await settleAt({ casino, settler }, wheel.betId, seedOf(alice, 0n));
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(parseEther("160"));
    await settleAt({ casino, settler }, crash.betId, seedOf(alice, 1n));
    expect(await casino.reservedBy(alice.address, NATIVE)).to.equal(0n);
    await time.increase(3_600);
    await casino.connect(alice).claimExpired(hand.betId);
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(0n);
    expect((await casino.house(tokenAddress))[1]).to.equal(0n);
  });

  it("getBet shows a BNB bet with its terms and no jackpot odds, and a split hand with both stakes", async function () {
    const { casino, players, place } = await loadFixture(bettingFixture);
    const [alice] = players;
    const bet = await place(alice, { token: NATIVE, amount: parseEther("0.2"), game: GAME.BLACKJACK, params: 0 });
    await casino.connect(alice).addStake(bet.betId);
    const view = await casino.getBet(bet.betId);
    const placed = (await ethers.provider.getBlock(Number(view.placedBlock)))!;
    expect(betFields(view)).to.deep.equal({
      player: alice.address,
      nonce: 0n,
      token: NATIVE,
      stake: parseEther("0.2"),
      totalStake: parseEther("0.4"),
      // Two winning hands of a split: 2 × 0.2 × 1.98 with BNB (docs/decisions.md §5).
      maxPayout: parseEther("0.792"),
      gameType: BigInt(GAME.BLACKJACK),
      params: 0n,
      clientSeed: bet.clientSeed,
      split: true,
      placedBlock: BigInt(placed.number),
      claimableAt: BigInt(placed.timestamp) + 3_600n,
      jackpotOdds: 0n,
      jackpotPrize: 0n,
      jackpotEdgeBps: 50n,
      open: true,
    });
  });

  it("accounted follows value entering and leaving the Casino, never moves inside it, and matches its holdings", async function () {
    const { casino, swapDesk, token, tokenAddress, casinoAddress, settler, players, place, seedOf } = await loadFixture(bettingFixture);
    const [alice] = players;
    let owedDegen = await casino.accounted(tokenAddress);
    let owedNative = await casino.accounted(NATIVE);
    const check = async () => {
      expect(await casino.accounted(tokenAddress)).to.equal(owedDegen);
      expect(await casino.accounted(NATIVE)).to.equal(owedNative);
      expect(await token.balanceOf(casinoAddress)).to.equal(owedDegen);
      expect(await ethers.provider.getBalance(casinoAddress)).to.equal(owedNative);
    };
    await check();
    await casino.connect(alice).deposit(tokenAddress, parseEther("500"));
    owedDegen += parseEther("500");
    await check();
    await casino.connect(alice).withdraw(tokenAddress, parseEther("200"));
    owedDegen -= parseEther("200");
    await check();
    await casino.connect(alice).fundBankroll(NATIVE, parseEther("3"), { value: parseEther("3") });
    owedNative += parseEther("3");
    await casino.connect(alice).fundJackpot(parseEther("40"));
    owedDegen += parseEther("40");
    await check();
    const fromVault = await place(alice, { amount: parseEther("100") });
    await check();
    // The vault holds 10,200 DEGEN now: a 15,000 DEGEN stake comes in full from the wallet.
    const fromWallet = await place(alice, { amount: parseEther("15000") });
    owedDegen += parseEther("15000");
    await check();
    const byValue = await place(alice, { token: NATIVE, amount: parseEther("1"), value: parseEther("1") });
    owedNative += parseEther("1");
    await check();
    const batch = [fromVault.betId, fromWallet.betId, byValue.betId];
    const seeds = [seedOf(alice, 0n), seedOf(alice, 1n), seedOf(alice, 2n)];
    const payouts = await Promise.all(batch.map((betId, k) => rulesPayout(casino, betId, seeds[k])));
    await casino.connect(settler).settleBatch(batch, seeds, payouts);
    await check();
    await swapDesk.connect(alice).swap(NATIVE, parseEther("2"), 0);
    await check();
    const expiring = await place(alice, { game: GAME.CRASH, params: 0 });
    await time.increase(3_600);
    await casino.connect(alice).claimExpired(expiring.betId);
    await check();
    await casino.announceBankrollWithdrawal(NATIVE, parseEther("4"));
    await time.increase(86_400);
    await casino.executeBankrollWithdrawal(NATIVE);
    owedNative -= parseEther("4");
    await check();
  });
});
