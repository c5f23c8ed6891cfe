import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, type Interface } from "ethers";
import { NATIVE, GAME, HashChain, betIdOf, laneNonce, packTerms, rulesPayout } from "./helpers";
import { bettingFixture } from "./betting";
import type { ReentrantPlayer } from "../typechain-types";

const TERMS = packTerms(3600n, 50n, 500n);

async function attackerFixture() {
  const f = await bettingFixture();
  const attacker = (await (await ethers.getContractFactory("ReentrantPlayer")).deploy(f.casinoAddress)) as unknown as ReentrantPlayer;
  const attackerAddress = await attacker.getAddress();
  const chain = new HashChain("attacker", 8);
  await f.casino.connect(f.settler).setCommitment(attackerAddress, chain.commit, 8);
  // The plain Interface type: calls below are encoded by name from data tables.
  const iface: Interface = f.casino.interface;
  await attacker.execute(iface.encodeFunctionData("deposit", [NATIVE, parseEther("2")]), { value: parseEther("2") });
  return { ...f, attacker, attackerAddress, chain, iface };
}

describe("Casino attacks that must fail", function () {
  it("a malicious BNB receiver cannot re-enter withdraw", async function () {
    const { casino, attacker, attackerAddress, iface } = await loadFixture(attackerFixture);
    await attacker.execute(iface.encodeFunctionData("withdraw", [NATIVE, parseEther("0.5")]));
    expect(await attacker.received()).to.equal(parseEther("0.5"));
    await attacker.execute(iface.encodeFunctionData("deposit", [NATIVE, parseEther("0.5")]), { value: parseEther("0.5") });
    await attacker.arm(iface.encodeFunctionData("withdraw", [NATIVE, parseEther("1")]), false);
    await attacker.execute(iface.encodeFunctionData("withdraw", [NATIVE, parseEther("1")]));
    expect(await attacker.reentrySucceeded()).to.equal(false);
    expect((await attacker.reentryError()).slice(0, 10)).to.equal(iface.getError("ReentrancyGuardReentrantCall")!.selector);
    expect(await attacker.received()).to.equal(parseEther("1.5"));
    expect(await casino.getBalance(attackerAddress, NATIVE)).to.equal(parseEther("1"));

    await attacker.arm(iface.encodeFunctionData("withdraw", [NATIVE, parseEther("0.5")]), true);
    await expect(attacker.execute(iface.encodeFunctionData("withdraw", [NATIVE, parseEther("0.5")]))).to.be.revertedWithCustomError(casino, "TransferFailed");
    expect(await casino.getBalance(attackerAddress, NATIVE)).to.equal(parseEther("1"));
  });

  it("a malicious receiver of a withdrawal cannot re-enter claimExpired, playGame or withdraw", async function () {
    const { casino, attacker, attackerAddress, iface } = await loadFixture(attackerFixture);
    const [commit] = await casino.commitmentOf(attackerAddress);
    await attacker.execute(iface.encodeFunctionData("playGame", [NATIVE, parseEther("0.1"), GAME.KICKBOXING, 0, ethers.ZeroHash, commit, TERMS]));
    const betId = betIdOf(attackerAddress, 0n);
    await time.increase(3600);
    await attacker.execute(iface.encodeFunctionData("claimExpired", [betId]));
    // 2 BNB deposited, 0.1 staked, 0.2 (a side's 2x) claimed.
    expect(await casino.getBalance(attackerAddress, NATIVE)).to.equal(parseEther("2.1"));
    const [nextCommit] = await casino.commitmentOf(attackerAddress);
    for (const reentry of [
      iface.encodeFunctionData("claimExpired", [betId]),
      iface.encodeFunctionData("playGame", [NATIVE, parseEther("0.1"), GAME.KICKBOXING, 0, ethers.ZeroHash, nextCommit, TERMS]),
      iface.encodeFunctionData("withdraw", [NATIVE, parseEther("0.3")]),
    ]) {
      await attacker.arm(reentry, false);
      await attacker.execute(iface.encodeFunctionData("withdraw", [NATIVE, parseEther("0.1")]));
      expect(await attacker.reentrySucceeded()).to.equal(false);
      expect((await attacker.reentryError()).slice(0, 10)).to.equal(iface.getError("ReentrancyGuardReentrantCall")!.selector);
    }
    expect(await casino.getBalance(attackerAddress, NATIVE)).to.equal(parseEther("1.8"));
    expect(await attacker.received()).to.equal(parseEther("0.3"));
  });

  it("every value-moving function refuses re-entry from a BNB receive hook", async function () {
    const { casino, tokenAddress, attacker, attackerAddress, iface } = await loadFixture(attackerFixture);
    const [commit] = await casino.commitmentOf(attackerAddress);
    const reentries: [string, unknown[]][] = [
      ["deposit", [NATIVE, 1]],
      ["withdraw", [NATIVE, 1]],
      ["withdrawFor", [attackerAddress, NATIVE, 1]],
      ["exchange", [attackerAddress, NATIVE, 1, 1]],
      ["playGame", [NATIVE, parseEther("0.01"), GAME.WHEEL, 1, ethers.ZeroHash, commit, TERMS]],
      ["addStake", [betIdOf(attackerAddress, 0n)]],
      ["settle", [betIdOf(attackerAddress, 0n), ethers.ZeroHash, 0]],
      ["settleBatch", [[], [], []]],
      ["claimExpired", [betIdOf(attackerAddress, 0n)]],
      ["playFor", [[], [], []]],
      ["placeFor", [[attackerAddress, NATIVE, parseEther("0.01"), GAME.WHEEL, 1, ethers.ZeroHash, laneNonce(1n, 0n), TERMS], 0]],
      ["addStakeFor", [betIdOf(attackerAddress, laneNonce(1n, 0n))]],
      ["openLane", [attackerAddress, 1, ethers.id("lane"), 0, 1]],
      ["closeLane", [attackerAddress, 1]],
      ["settleFor", [betIdOf(attackerAddress, 0n), ethers.ZeroHash, "0x"]],
      ["drawJackpots", [[]]],
      ["fundBankroll", [tokenAddress, 1]],
      ["fundJackpot", [1]],
      ["executeBankrollWithdrawal", [NATIVE]],
      ["sweep", [NATIVE, attackerAddress]],
    ];
    for (const [fn, args] of reentries) {
      await attacker.arm(iface.encodeFunctionData(fn, args), false);
      await attacker.execute(iface.encodeFunctionData("withdraw", [NATIVE, 1n]));
      expect(await attacker.reentrySucceeded(), fn).to.equal(false);
      expect((await attacker.reentryError()).slice(0, 10), fn).to.equal(iface.getError("ReentrancyGuardReentrantCall")!.selector);
    }
    expect(await attacker.received()).to.equal(BigInt(reentries.length));
  });

  it("no function accepts a token other than DEGEN or BNB", async function () {
    const { casino, swapDesk, players, stranger } = await loadFixture(bettingFixture);
    const [alice] = players;
    const foreign = stranger.address;
    const [commit] = await casino.commitmentOf(alice.address);
    const calls = [
      () => casino.connect(alice).deposit(foreign, 1),
      () => casino.connect(alice).withdraw(foreign, 1),
      () => casino.connect(alice).playGame(foreign, parseEther("1"), GAME.WHEEL, 1, ethers.ZeroHash, commit, TERMS),
      () => casino.fundBankroll(foreign, 1),
      () => casino.announceBankrollWithdrawal(foreign, 1),
      () => casino.setMaxBetLimit(foreign, parseEther("1")),
      () => casino.maxBet(foreign, GAME.WHEEL, 1, alice.address),
      () => casino.maxPayout(foreign, GAME.WHEEL, 1, parseEther("1"), false),
      () => casino.minBet(foreign),
      () => casino.rtpBps(foreign),
      () => casino.maxBetLimit(foreign),
    ];
    for (const call of calls) await expect(call()).to.be.revertedWithCustomError(casino, "UnsupportedToken").withArgs(foreign);
    await expect(swapDesk.connect(alice).swap(foreign, 1, 0))
      .to.be.revertedWithCustomError(swapDesk, "UnsupportedToken")
      .withArgs(foreign);
  });

  it("a stranger can call no role-gated function", async function () {
    const { casino, swapDesk, tokenAddress, stranger, players } = await loadFixture(bettingFixture);
    const [alice] = players;
    const asStranger = casino.connect(stranger);
    const settlerOnly = [
      () => asStranger.setCommitment(alice.address, ethers.id("x"), 4),
      () => asStranger.settle(betIdOf(alice.address, 0n), ethers.id("x"), 0),
      () => asStranger.settleBatch([betIdOf(alice.address, 0n)], [ethers.id("x")], [0]),
    ];
    for (const call of settlerOnly) await expect(call()).to.be.revertedWithCustomError(casino, "NotSettler");
    // What only the Casino's sessions (lanes, one-click bets and signed actions) and limits may call.
    const signedBet = {
      player: alice.address,
      token: tokenAddress,
      amount: parseEther("1"),
      gameType: GAME.WHEEL,
      params: 1,
      clientSeed: ethers.ZeroHash,
      nonce: laneNonce(1n, 0n),
      terms: TERMS,
    };
    const sessionsOnly = [
      () => asStranger.playFor([{ bet: signedBet, deadline: 0, r: ethers.ZeroHash, vs: ethers.ZeroHash }], [ethers.id("x")], ["0x00000000"]),
      () => asStranger.placeFor(signedBet, 0),
      () => asStranger.addStakeFor(betIdOf(alice.address, laneNonce(1n, 0n))),
      () => asStranger.settleFor(betIdOf(alice.address, 0n), ethers.id("x"), "0x"),
      () => asStranger.openLane(alice.address, 1, ethers.id("x"), parseEther("1"), 0),
      () => asStranger.closeLane(alice.address, 1),
    ];
    for (const call of sessionsOnly) await expect(call()).to.be.revertedWithCustomError(casino, "NotSessions");
    // What only the settler may send through CasinoSessions: seeds (play) and action logs (settle).
    const sessions = await ethers.getContractAt("CasinoSessions", await casino.sessions());
    await expect(sessions.connect(stranger).play([], [])).to.be.revertedWithCustomError(sessions, "NotRelayer").withArgs(stranger.address);
    await expect(sessions.connect(stranger).settle(betIdOf(alice.address, 0n), ethers.id("x"), "0x", "0x", "0x"))
      .to.be.revertedWithCustomError(sessions, "NotRelayer")
      .withArgs(stranger.address);
    await expect(asStranger.setLimited(alice.address)).to.be.revertedWithCustomError(casino, "NotLimits");
    const limits = await ethers.getContractAt("CasinoLimits", await casino.limits());
    await expect(limits.connect(stranger).beforeBet(alice.address, false, parseEther("1"), 0)).to.be.revertedWithCustomError(limits, "NotCasino");
    await expect(limits.connect(stranger).afterPayout(alice.address, false, parseEther("1"))).to.be.revertedWithCustomError(limits, "NotCasino");
    await expect(asStranger.withdrawFor(alice.address, tokenAddress, 1)).to.be.revertedWithCustomError(casino, "NotRelay");
    await expect(asStranger.exchange(alice.address, tokenAddress, 1, 1)).to.be.revertedWithCustomError(casino, "NotSwapDesk");
    const ownerOnly = [
      () => asStranger.announceBankrollWithdrawal(tokenAddress, 1),
      () => asStranger.cancelBankrollWithdrawal(tokenAddress),
      () => asStranger.executeBankrollWithdrawal(tokenAddress),
      () => asStranger.sweep(tokenAddress, stranger.address),
      () => asStranger.announceSettlerChange(stranger.address),
      () => asStranger.cancelSettlerChange(),
      () => asStranger.executeSettlerChange(),
      () => asStranger.pause(),
      () => asStranger.unpause(),
      () => asStranger.setMaxBetLimit(tokenAddress, parseEther("10")),
      () => asStranger.setRiskBps(100),
      () => asStranger.setPlayerRiskBps(100),
      () => asStranger.setSettleWindow(600),
      () => asStranger.setAnnouncementDelay(3600),
      () => asStranger.setJackpotTerms(100, 500),
      () => asStranger.transferOwnership(stranger.address),
    ];
    for (const call of ownerOnly) await expect(call()).to.be.revertedWithCustomError(casino, "OwnableUnauthorizedAccount").withArgs(stranger.address);
    await expect(asStranger.creditJackpotFromTax(1)).to.be.revertedWithCustomError(casino, "NotDegen");
    const deskAsStranger = swapDesk.connect(stranger);
    for (const call of [
      () => deskAsStranger.setCaps(100, 500),
      () => deskAsStranger.announceRate(20_000),
      () => deskAsStranger.cancelRate(),
      () => deskAsStranger.executeRate(),
    ]) {
      await expect(call()).to.be.revertedWithCustomError(swapDesk, "NotOwner");
    }
    await expect(deskAsStranger.swapFor(alice.address, tokenAddress, parseEther("1"), 0)).to.be.revertedWithCustomError(swapDesk, "NotRelay");
  });

  it("the settler cannot settle with a wrong seed, twice, out of order, or above the reservation (any payout but the rules' is refused first)", async function () {
    const { casino, settler, players, place, seedOf } = await loadFixture(bettingFixture);
    const [alice] = players;
    const first = await place(alice, { game: GAME.SLOTS, params: 0 });
    const second = await place(alice, { game: GAME.SLOTS, params: 0 });
    const settle = (betId: bigint, seed: string, payout: bigint | number) => casino.connect(settler).settle(betId, seed, payout);
    await expect(settle(first.betId, ethers.id("guess"), 0)).to.be.revertedWithCustomError(casino, "WrongSeed");
    await expect(settle(first.betId, seedOf(alice, 1n), 0)).to.be.revertedWithCustomError(casino, "WrongSeed");
    await expect(settle(second.betId, seedOf(alice, 1n), 0)).to.be.revertedWithCustomError(casino, "OutOfOrder");
    // The rules never pay above the reservation (contracts/Payouts.sol is their maximum), so a
    // payout above it is a payout other than the rules': PayoutMismatch, before the reservation's check.
    const { maxPayout } = await casino.getBet(first.betId);
    const owed = await rulesPayout(casino, first.betId, seedOf(alice, 0n));
    await expect(settle(first.betId, seedOf(alice, 0n), maxPayout + 1n))
      .to.be.revertedWithCustomError(casino, "PayoutMismatch")
      .withArgs(first.betId, maxPayout + 1n, owed);
    await settle(first.betId, seedOf(alice, 0n), owed);
    await expect(settle(first.betId, seedOf(alice, 0n), owed)).to.be.revertedWithCustomError(casino, "BetNotOpen");
    const owedSecond = await rulesPayout(casino, second.betId, seedOf(alice, 1n));
    // A bet named twice in a batch settles once: the second time it is skipped, no longer open.
    await expect(casino.connect(settler).settleBatch([second.betId, second.betId], [seedOf(alice, 1n), seedOf(alice, 1n)], [owedSecond, owedSecond]))
      .to.emit(casino, "SettlementSkipped")
      .withArgs(second.betId, casino.interface.getError("BetNotOpen")!.selector);
    expect((await casino.getBet(second.betId)).open).to.equal(false);
  });

  it("the settler cannot change a commitment under an open bet, nor swap a chain that has links left", async function () {
    const { casino, tokenAddress, settler, players, place } = await loadFixture(bettingFixture);
    const [alice, bob] = players;
    await place(alice);
    await expect(casino.connect(settler).setCommitment(alice.address, ethers.id("evil"), 4)).to.be.revertedWithCustomError(casino, "OpenBetExists");
    // Bob reads his commitment; a swap before his bet lands (which would refuse it, and give the
    // house a second draw when he sends it again) is refused instead, and his bet lands.
    const [seen, , remaining] = await casino.commitmentOf(bob.address);
    await expect(casino.connect(settler).setCommitment(bob.address, new HashChain("swapped", 4).commit, 4))
      .to.be.revertedWithCustomError(casino, "ChainNotExhausted")
      .withArgs(remaining);
    await expect(casino.connect(bob).playGame(tokenAddress, parseEther("1"), GAME.WHEEL, 1, ethers.id("bob"), seen, TERMS)).to.emit(casino, "BetPlaced");
  });

  it("a player cannot claim before the settlement window ends", async function () {
    const { casino, players, place } = await loadFixture(bettingFixture);
    const [alice] = players;
    const bet = await place(alice);
    const { claimableAt } = await casino.getBet(bet.betId);
    await time.setNextBlockTimestamp(claimableAt - 1n);
    await expect(casino.connect(alice).claimExpired(bet.betId)).to.be.revertedWithCustomError(casino, "NotExpired").withArgs(claimableAt);
  });

  it("an owner contract that refuses BNB cannot break accounting through a failed bankroll withdrawal", async function () {
    const { casino, owner, attacker, attackerAddress, iface } = await loadFixture(attackerFixture);
    await casino.connect(owner).transferOwnership(attackerAddress);
    await attacker.execute(iface.encodeFunctionData("acceptOwnership", []));
    await attacker.execute(iface.encodeFunctionData("setAnnouncementDelay", [3600]));
    await attacker.execute(iface.encodeFunctionData("announceBankrollWithdrawal", [NATIVE, parseEther("1")]));
    await time.increase(3600);
    await attacker.arm(iface.encodeFunctionData("executeBankrollWithdrawal", [NATIVE]), true);
    const [[bankroll], accounted] = await Promise.all([casino.house(NATIVE), casino.accounted(NATIVE)]);
    await expect(attacker.execute(iface.encodeFunctionData("executeBankrollWithdrawal", [NATIVE]))).to.be.revertedWithCustomError(casino, "TransferFailed");
    expect((await casino.house(NATIVE))[0]).to.equal(bankroll);
    expect(await casino.accounted(NATIVE)).to.equal(accounted);
    expect((await casino.pendingWithdrawal(NATIVE))[0]).to.equal(parseEther("1"));
  });
});
