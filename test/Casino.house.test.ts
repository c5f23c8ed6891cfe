import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { deployCasino, NATIVE, BANKROLL_DEGEN, BANKROLL_NATIVE, JACKPOT_SEED, GAME } from "./helpers";
import { bettingFixture } from "./betting";

describe("Casino house: bankroll, jackpot and owner settings", function () {
  it("lets anyone fund the bankroll in either token and the jackpot in DEGEN", async function () {
    const { casino, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await expect(casino.connect(alice).fundBankroll(tokenAddress, parseEther("5")))
      .to.emit(casino, "BankrollFunded")
      .withArgs(alice.address, tokenAddress, parseEther("5"));
    await expect(casino.connect(alice).fundBankroll(NATIVE, parseEther("1"), { value: parseEther("1") }))
      .to.emit(casino, "BankrollFunded")
      .withArgs(alice.address, NATIVE, parseEther("1"));
    await expect(casino.connect(alice).fundJackpot(parseEther("7"))).to.emit(casino, "JackpotFunded").withArgs(alice.address, parseEther("7"));
    expect(await casino.house(tokenAddress)).to.deep.equal([BANKROLL_DEGEN + parseEther("5"), 0n]);
    expect(await casino.house(NATIVE)).to.deep.equal([BANKROLL_NATIVE + parseEther("1"), 0n]);
    expect(await casino.jackpotPool()).to.equal(JACKPOT_SEED + parseEther("7"));
    await expect(casino.fundBankroll(NATIVE, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.fundBankroll(NATIVE, 2, { value: 1 })).to.be.revertedWithCustomError(casino, "ValueMismatch");
    await expect(casino.fundJackpot(0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
  });

  it("pays an announced bankroll withdrawal to the owner only after the delay", async function () {
    const { casino, token, tokenAddress, owner } = await loadFixture(deployCasino);
    await expect(casino.executeBankrollWithdrawal(tokenAddress)).to.be.revertedWithCustomError(casino, "NoPendingWithdrawal");
    const tx = await casino.announceBankrollWithdrawal(tokenAddress, parseEther("1000"));
    const executableAt = BigInt((await tx.getBlock())!.timestamp) + 86_400n;
    await expect(tx).to.emit(casino, "BankrollWithdrawalAnnounced").withArgs(tokenAddress, parseEther("1000"), executableAt);
    expect(await casino.pendingWithdrawal(tokenAddress)).to.deep.equal([parseEther("1000"), executableAt]);
    await expect(casino.executeBankrollWithdrawal(tokenAddress))
      .to.be.revertedWithCustomError(casino, "WithdrawalNotReady")
      .withArgs(executableAt);
    await time.increaseTo(executableAt);
    const before = await token.balanceOf(owner.address);
    await expect(casino.executeBankrollWithdrawal(tokenAddress))
      .to.emit(casino, "BankrollWithdrawalExecuted")
      .withArgs(tokenAddress, parseEther("1000"), owner.address);
    expect(await token.balanceOf(owner.address)).to.equal(before + parseEther("1000"));
    expect((await casino.house(tokenAddress))[0]).to.equal(BANKROLL_DEGEN - parseEther("1000"));
    await expect(casino.executeBankrollWithdrawal(tokenAddress)).to.be.revertedWithCustomError(casino, "NoPendingWithdrawal");
  });

  it("cancels an announcement, and refuses empty or foreign-token announcements", async function () {
    const { casino, stranger } = await loadFixture(deployCasino);
    await expect(casino.cancelBankrollWithdrawal(NATIVE)).to.be.revertedWithCustomError(casino, "NoPendingWithdrawal");
    await casino.announceBankrollWithdrawal(NATIVE, parseEther("1"));
    await expect(casino.cancelBankrollWithdrawal(NATIVE)).to.emit(casino, "BankrollWithdrawalCancelled").withArgs(NATIVE);
    expect(await casino.pendingWithdrawal(NATIVE)).to.deep.equal([0n, 0n]);
    await expect(casino.announceBankrollWithdrawal(NATIVE, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.announceBankrollWithdrawal(stranger.address, 1)).to.be.revertedWithCustomError(casino, "UnsupportedToken");
  });

  it("never lets the owner take reserved funds, player balances or the jackpot", async function () {
    const { casino, token, tokenAddress, casinoAddress, players, place } = await loadFixture(bettingFixture);
    const [alice] = players;
    await place(alice, { amount: parseEther("20000"), game: GAME.WHEEL, params: 1 });
    const [bankroll, reserved] = await casino.house(tokenAddress);
    expect(reserved).to.equal(parseEther("204000"));
    await casino.announceBankrollWithdrawal(tokenAddress, bankroll);
    await time.increase(86_400);
    await expect(casino.executeBankrollWithdrawal(tokenAddress))
      .to.be.revertedWithCustomError(casino, "InsufficientBankroll")
      .withArgs(bankroll - reserved, bankroll);
    await casino.announceBankrollWithdrawal(tokenAddress, bankroll - reserved);
    await time.increase(86_400);
    await casino.executeBankrollWithdrawal(tokenAddress);
    const vaults = await Promise.all(players.slice(0, 3).map((p) => casino.getBalance(p.address, tokenAddress)));
    const open = parseEther("20000");
    expect(await token.balanceOf(casinoAddress)).to.equal(vaults.reduce((a, b) => a + b, 0n) + open + reserved + (await casino.jackpotPool()));
    expect(await casino.house(tokenAddress)).to.deep.equal([reserved, reserved]);
    expect(await casino.maxBet(tokenAddress, GAME.WHEEL)).to.equal(0n);
  });

  it("applies owner settings within their bounds, each with its event", async function () {
    const { casino, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await expect(casino.setSettler(alice.address)).to.emit(casino, "SettlerChanged");
    expect(await casino.settler()).to.equal(alice.address);
    await expect(casino.setSettler(ethers.ZeroAddress)).to.be.revertedWithCustomError(casino, "ZeroAddress");

    await expect(casino.setMaxMultiplier(GAME.SLOTS, 500_000)).to.emit(casino, "MaxMultiplierChanged").withArgs(GAME.SLOTS, 500_000);
    expect(await casino.maxMultiplierBps(GAME.SLOTS)).to.equal(500_000n);
    expect(await casino.maxMultiplierBps(GAME.BLACKJACK)).to.equal(25_000n);
    expect(await casino.maxMultiplierBps(GAME.WHEEL)).to.equal(102_000n);
    await expect(casino.setMaxMultiplier(GAME.SLOTS, 9_999)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(9_999, 10_000, 10_000_000);
    await expect(casino.setMaxMultiplier(GAME.SLOTS, 10_000_001)).to.be.revertedWithCustomError(casino, "OutOfBounds");
    await expect(casino.setMaxMultiplier(5, 20_000)).to.be.revertedWithCustomError(casino, "InvalidGameType");

    expect(await casino.rtpBps(tokenAddress)).to.equal(10_200n);
    expect(await casino.rtpBps(NATIVE)).to.equal(9_800n);
    await expect(casino.setRtp(NATIVE, 9_700)).to.emit(casino, "RtpChanged").withArgs(NATIVE, 9_700);
    await expect(casino.setRtp(NATIVE, 8_999)).to.be.revertedWithCustomError(casino, "OutOfBounds");
    await expect(casino.setRtp(NATIVE, 10_501)).to.be.revertedWithCustomError(casino, "OutOfBounds");

    expect(await casino.maxBetLimit(tokenAddress)).to.equal(parseEther("1000000"));
    expect(await casino.maxBetLimit(NATIVE)).to.equal(parseEther("100"));
    await expect(casino.setMaxBetLimit(NATIVE, parseEther("2.0005"))).to.emit(casino, "MaxBetLimitChanged").withArgs(NATIVE, parseEther("2"));
    expect(await casino.maxBetLimit(NATIVE)).to.equal(parseEther("2"));
    await expect(casino.setMaxBetLimit(NATIVE, parseEther("0.0009"))).to.be.revertedWithCustomError(casino, "OutOfBounds");
    await expect(casino.setMaxBetLimit(tokenAddress, parseEther("16777216"))).to.be.revertedWithCustomError(casino, "OutOfBounds");

    await expect(casino.setRiskBps(1_000)).to.emit(casino, "RiskChanged").withArgs(1_000);
    expect(await casino.riskBps()).to.equal(1_000n);
    await expect(casino.setRiskBps(0)).to.be.revertedWithCustomError(casino, "OutOfBounds");
    await expect(casino.setRiskBps(2_001)).to.be.revertedWithCustomError(casino, "OutOfBounds");

    await expect(casino.setSettleWindow(600)).to.emit(casino, "SettleWindowChanged").withArgs(600);
    expect(await casino.settleWindow()).to.equal(600n);
    await expect(casino.setSettleWindow(599)).to.be.revertedWithCustomError(casino, "OutOfBounds");
    await expect(casino.setSettleWindow(86_401)).to.be.revertedWithCustomError(casino, "OutOfBounds");

    await expect(casino.setWithdrawalDelay(3_600)).to.emit(casino, "WithdrawalDelayChanged").withArgs(3_600);
    expect(await casino.withdrawalDelay()).to.equal(3_600n);
    await expect(casino.setWithdrawalDelay(3_599)).to.be.revertedWithCustomError(casino, "OutOfBounds");
    await expect(casino.setWithdrawalDelay(30 * 86_400 + 1)).to.be.revertedWithCustomError(casino, "OutOfBounds");

    await expect(casino.setJackpotParams(200, 1_000)).to.emit(casino, "JackpotParamsChanged").withArgs(200, 1_000);
    expect(await casino.jackpotParams()).to.deep.equal([200n, 1_000n]);
    await expect(casino.setJackpotParams(1_001, 1_000)).to.be.revertedWithCustomError(casino, "OutOfBounds");
    await expect(casino.setJackpotParams(100, 0)).to.be.revertedWithCustomError(casino, "OutOfBounds");
    await expect(casino.setJackpotParams(100, 5_001)).to.be.revertedWithCustomError(casino, "OutOfBounds");
  });

  it("hands ownership over in two steps", async function () {
    const { casino, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await casino.transferOwnership(alice.address);
    expect(await casino.pendingOwner()).to.equal(alice.address);
    await casino.connect(alice).acceptOwnership();
    expect(await casino.owner()).to.equal(alice.address);
  });
});
