import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, setBalance, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { deployCasino, NATIVE, BANKROLL_DEGEN, BANKROLL_NATIVE, JACKPOT_SEED, GAME, maxPayout, packTerms } from "./helpers";
import { bettingFixture } from "./betting";
import { ACCEPTANCE_WINDOW } from "./sessions/support";

const DAY = 86_400n;

describe("Casino house: bankroll, jackpot, sweep and owner settings", function () {
  it("lets anyone fund the bankroll in either token and the jackpot in DEGEN, each booked as owed", async function () {
    const { casino, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    const [owedDegen, owedNative] = await Promise.all([casino.accounted(tokenAddress), casino.accounted(NATIVE)]);
    expect(owedDegen).to.equal(BANKROLL_DEGEN + JACKPOT_SEED);
    expect(owedNative).to.equal(BANKROLL_NATIVE);
    await expect(casino.connect(alice).fundBankroll(tokenAddress, parseEther("5")))
      .to.emit(casino, "BankrollFunded")
      .withArgs(alice.address, tokenAddress, parseEther("5"));
    await expect(casino.connect(alice).fundBankroll(NATIVE, parseEther("1"), { value: parseEther("1") }))
      .to.emit(casino, "BankrollFunded")
      .withArgs(alice.address, NATIVE, parseEther("1"));
    await expect(casino.connect(alice).fundJackpot(parseEther("7")))
      .to.emit(casino, "JackpotFunded")
      .withArgs(alice.address, parseEther("7"));
    expect(await casino.house(tokenAddress)).to.deep.equal([BANKROLL_DEGEN + parseEther("5"), 0n]);
    expect(await casino.house(NATIVE)).to.deep.equal([BANKROLL_NATIVE + parseEther("1"), 0n]);
    expect(await casino.jackpotPool()).to.equal(JACKPOT_SEED + parseEther("7"));
    expect(await casino.accounted(tokenAddress)).to.equal(owedDegen + parseEther("12"));
    expect(await casino.accounted(NATIVE)).to.equal(owedNative + parseEther("1"));
    await expect(casino.fundBankroll(NATIVE, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.fundBankroll(NATIVE, 2, { value: 1 }))
      .to.be.revertedWithCustomError(casino, "ValueMismatch")
      .withArgs(1, 2);
    await expect(casino.fundJackpot(0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
  });

  it("pays an announced bankroll withdrawal to the owner only after the delay, and books it as gone", async function () {
    const { casino, token, tokenAddress, owner } = await loadFixture(deployCasino);
    await expect(casino.executeBankrollWithdrawal(tokenAddress)).to.be.revertedWithCustomError(casino, "NothingPending");
    const tx = await casino.announceBankrollWithdrawal(tokenAddress, parseEther("1000"));
    const executableAt = BigInt((await tx.getBlock())!.timestamp) + DAY;
    await expect(tx).to.emit(casino, "BankrollWithdrawalAnnounced").withArgs(tokenAddress, parseEther("1000"), executableAt);
    expect(await casino.pendingWithdrawal(tokenAddress)).to.deep.equal([parseEther("1000"), executableAt]);
    await expect(casino.executeBankrollWithdrawal(tokenAddress)).to.be.revertedWithCustomError(casino, "NotReady").withArgs(executableAt);
    await time.setNextBlockTimestamp(executableAt);
    const [before, owed] = await Promise.all([token.balanceOf(owner.address), casino.accounted(tokenAddress)]);
    await expect(casino.executeBankrollWithdrawal(tokenAddress))
      .to.emit(casino, "BankrollWithdrawalExecuted")
      .withArgs(tokenAddress, parseEther("1000"), owner.address);
    expect(await token.balanceOf(owner.address)).to.equal(before + parseEther("1000"));
    expect((await casino.house(tokenAddress))[0]).to.equal(BANKROLL_DEGEN - parseEther("1000"));
    expect(await casino.accounted(tokenAddress)).to.equal(owed - parseEther("1000"));
    expect(await casino.pendingWithdrawal(tokenAddress)).to.deep.equal([0n, 0n]);
    await expect(casino.executeBankrollWithdrawal(tokenAddress)).to.be.revertedWithCustomError(casino, "NothingPending");
  });

  it("lets an announcement lapse seven days after it became executable", async function () {
    const { casino } = await loadFixture(deployCasino);
    expect(await casino.ANNOUNCEMENT_LIFETIME()).to.equal(7n * DAY);
    const tx = await casino.announceBankrollWithdrawal(NATIVE, parseEther("1"));
    const executableAt = BigInt((await tx.getBlock())!.timestamp) + DAY;
    await time.setNextBlockTimestamp(executableAt + 7n * DAY + 1n);
    await expect(casino.executeBankrollWithdrawal(NATIVE))
      .to.be.revertedWithCustomError(casino, "AnnouncementLapsed")
      .withArgs(executableAt + 7n * DAY);
    // Announcing again replaces the lapsed announcement; its last good second is executableAt + 7 days.
    const again = await casino.announceBankrollWithdrawal(NATIVE, parseEther("2"));
    const againAt = BigInt((await again.getBlock())!.timestamp) + DAY;
    await time.setNextBlockTimestamp(againAt + 7n * DAY);
    await expect(casino.executeBankrollWithdrawal(NATIVE)).to.emit(casino, "BankrollWithdrawalExecuted");
    expect((await casino.house(NATIVE))[0]).to.equal(BANKROLL_NATIVE - parseEther("2"));
  });

  it("cancels an announcement, and refuses empty or foreign-token announcements", async function () {
    const { casino, stranger } = await loadFixture(deployCasino);
    await expect(casino.cancelBankrollWithdrawal(NATIVE)).to.be.revertedWithCustomError(casino, "NothingPending");
    await casino.announceBankrollWithdrawal(NATIVE, parseEther("1"));
    await expect(casino.cancelBankrollWithdrawal(NATIVE)).to.emit(casino, "BankrollWithdrawalCancelled").withArgs(NATIVE);
    expect(await casino.pendingWithdrawal(NATIVE)).to.deep.equal([0n, 0n]);
    await expect(casino.announceBankrollWithdrawal(NATIVE, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.announceBankrollWithdrawal(stranger.address, 1)).to.be.revertedWithCustomError(casino, "UnsupportedToken").withArgs(stranger.address);
  });

  it("never lets the owner take reserved funds, player balances or the jackpot", async function () {
    const { casino, token, tokenAddress, casinoAddress, players, place } = await loadFixture(bettingFixture);
    const [alice] = players;
    await place(alice, { amount: parseEther("20000"), game: GAME.WHEEL, params: 1 });
    const [bankroll, reserved] = await casino.house(tokenAddress);
    expect(reserved).to.equal(maxPayout(GAME.WHEEL, 1n, false, parseEther("20000")));
    expect(reserved).to.equal(parseEther("204000"));
    await casino.announceBankrollWithdrawal(tokenAddress, bankroll);
    await time.increase(DAY);
    await expect(casino.executeBankrollWithdrawal(tokenAddress))
      .to.be.revertedWithCustomError(casino, "InsufficientBankroll")
      .withArgs(bankroll - reserved, bankroll);
    await casino.announceBankrollWithdrawal(tokenAddress, bankroll - reserved);
    await time.increase(DAY);
    await casino.executeBankrollWithdrawal(tokenAddress);
    const vaults = await Promise.all(players.slice(0, 3).map((p) => casino.getBalance(p.address, tokenAddress)));
    const open = parseEther("20000");
    const owed = vaults.reduce((a, b) => a + b, 0n) + open + reserved + (await casino.jackpotPool());
    expect(await token.balanceOf(casinoAddress)).to.equal(owed);
    expect(await casino.accounted(tokenAddress)).to.equal(owed);
    expect(await casino.house(tokenAddress)).to.deep.equal([reserved, reserved]);
    expect(await casino.maxBet(tokenAddress, GAME.WHEEL, 1, ethers.ZeroAddress)).to.equal(0n);
  });

  describe("sweep", function () {
    it("sends the owner's chosen receiver what reached the Casino outside its functions, and nothing owed", async function () {
      const { casino, token, tokenAddress, casinoAddress, players, stranger } = await loadFixture(deployCasino);
      const [alice] = players;
      await expect(casino.sweep(tokenAddress, stranger.address)).to.be.revertedWithCustomError(casino, "NothingToSweep");
      await expect(casino.sweep(NATIVE, stranger.address)).to.be.revertedWithCustomError(casino, "NothingToSweep");
      await token.connect(alice).transfer(casinoAddress, parseEther("123"));
      await expect(casino.sweep(tokenAddress, stranger.address)).to.emit(casino, "Swept").withArgs(tokenAddress, stranger.address, parseEther("123"));
      expect(await token.balanceOf(stranger.address)).to.equal(parseEther("123"));
      expect(await token.balanceOf(casinoAddress)).to.equal(await casino.accounted(tokenAddress));
      await expect(casino.sweep(tokenAddress, stranger.address)).to.be.revertedWithCustomError(casino, "NothingToSweep");

      const held = await ethers.provider.getBalance(casinoAddress);
      await setBalance(casinoAddress, held + parseEther("0.5"));
      await expect(casino.sweep(NATIVE, stranger.address)).to.changeEtherBalances([stranger, casino], [parseEther("0.5"), -parseEther("0.5")]);
      expect(await ethers.provider.getBalance(casinoAddress)).to.equal(await casino.accounted(NATIVE));
    });

    it("sends any other ERC-20 in full, and refuses a zero receiver and a stranger", async function () {
      const { casino, casinoAddress, devWallet, stranger } = await loadFixture(deployCasino);
      const other = await (await ethers.getContractFactory("DegenToken")).deploy(devWallet.address, stranger.address);
      const otherAddress = await other.getAddress();
      await other.transfer(casinoAddress, parseEther("42"));
      expect(await casino.accounted(otherAddress)).to.equal(0n);
      await expect(casino.sweep(otherAddress, ethers.ZeroAddress)).to.be.revertedWithCustomError(casino, "ZeroAddress");
      await expect(casino.connect(stranger).sweep(otherAddress, stranger.address))
        .to.be.revertedWithCustomError(casino, "OwnableUnauthorizedAccount")
        .withArgs(stranger.address);
      await expect(casino.sweep(otherAddress, devWallet.address)).to.emit(casino, "Swept").withArgs(otherAddress, devWallet.address, parseEther("42"));
      expect(await other.balanceOf(devWallet.address)).to.equal(parseEther("42"));
      expect(await other.balanceOf(casinoAddress)).to.equal(0n);
    });
  });

  describe("owner settings", function () {
    it("replaces the settler only as announced: after the delay, before the lapse, never with the zero address; a cancel stops it", async function () {
      const { casino, settler, players } = await loadFixture(deployCasino);
      const [alice, bob] = players;
      await expect(casino.announceSettlerChange(ethers.ZeroAddress)).to.be.revertedWithCustomError(casino, "ZeroAddress");
      await expect(casino.executeSettlerChange()).to.be.revertedWithCustomError(casino, "NothingPending");
      await expect(casino.cancelSettlerChange()).to.be.revertedWithCustomError(casino, "NothingPending");

      const announced = await (await casino.announceSettlerChange(alice.address)).wait();
      const executableAt = BigInt((await ethers.provider.getBlock(announced!.blockNumber))!.timestamp) + DAY;
      await expect(announced).to.emit(casino, "SettlerChangeAnnounced").withArgs(alice.address, executableAt);
      expect(await casino.pendingSettlerChange()).to.deep.equal([alice.address, executableAt]);
      await time.setNextBlockTimestamp(executableAt - 1n);
      await expect(casino.executeSettlerChange()).to.be.revertedWithCustomError(casino, "NotReady").withArgs(executableAt);
      // A later announcement replaces the pending one, and waits its own delay.
      const replaced = await (await casino.announceSettlerChange(bob.address)).wait();
      const bobAt = BigInt((await ethers.provider.getBlock(replaced!.blockNumber))!.timestamp) + DAY;
      await expect(casino.cancelSettlerChange()).to.emit(casino, "SettlerChangeCancelled").withArgs(bob.address);
      expect(await casino.pendingSettlerChange()).to.deep.equal([ethers.ZeroAddress, 0n]);
      await time.increaseTo(bobAt);
      await expect(casino.executeSettlerChange()).to.be.revertedWithCustomError(casino, "NothingPending");
      expect(await casino.settler()).to.equal(settler.address);

      // Executable from the delay's end for ANNOUNCEMENT_LIFETIME, then lapsed.
      const lapsing = await (await casino.announceSettlerChange(bob.address)).wait();
      const lapsedAt = BigInt((await ethers.provider.getBlock(lapsing!.blockNumber))!.timestamp) + DAY + 7n * DAY;
      await time.setNextBlockTimestamp(lapsedAt + 1n);
      await expect(casino.executeSettlerChange()).to.be.revertedWithCustomError(casino, "AnnouncementLapsed").withArgs(lapsedAt);

      await casino.announceSettlerChange(alice.address);
      await time.increase(DAY);
      const executed = await (await casino.executeSettlerChange()).wait();
      await expect(executed).to.emit(casino, "SettlerChanged").withArgs(settler.address, alice.address);
      expect(await casino.settler()).to.equal(alice.address);
      expect(await casino.settlerRetiredAt(settler.address)).to.equal((await ethers.provider.getBlock(executed!.blockNumber))!.timestamp);
      expect(await casino.settlerRetiredAt(alice.address)).to.equal(0n);
      expect(await casino.pendingSettlerChange()).to.deep.equal([ethers.ZeroAddress, 0n]);
    });

    it("answers the fixed RTP per token and the configured maxBet ceilings", async function () {
      const { casino, tokenAddress, stranger } = await loadFixture(deployCasino);
      expect(await casino.rtpBps(tokenAddress)).to.equal(10_200n);
      expect(await casino.rtpBps(NATIVE)).to.equal(9_800n);
      await expect(casino.rtpBps(stranger.address)).to.be.revertedWithCustomError(casino, "UnsupportedToken").withArgs(stranger.address);
      expect(await casino.maxBetLimit(tokenAddress)).to.equal(parseEther("1000000"));
      expect(await casino.maxBetLimit(NATIVE)).to.equal(parseEther("100"));
      await expect(casino.setMaxBetLimit(NATIVE, parseEther("2.0005")))
        .to.emit(casino, "MaxBetLimitChanged")
        .withArgs(NATIVE, parseEther("2"));
      expect(await casino.maxBetLimit(NATIVE)).to.equal(parseEther("2"));
      await expect(casino.setMaxBetLimit(NATIVE, parseEther("0.0009")))
        .to.be.revertedWithCustomError(casino, "OutOfBounds")
        .withArgs(parseEther("0.0009"), parseEther("0.001"), parseEther("0.001") * 16_777_215n);
      await expect(casino.setMaxBetLimit(tokenAddress, parseEther("16777216")))
        .to.be.revertedWithCustomError(casino, "OutOfBounds")
        .withArgs(parseEther("16777216"), parseEther("1"), parseEther("16777215"));
      await expect(casino.setMaxBetLimit(tokenAddress, parseEther("16777215")))
        .to.emit(casino, "MaxBetLimitChanged")
        .withArgs(tokenAddress, parseEther("16777215"));
    });

    it("sets the per-bet and per-player risk within their bounds, and answers both", async function () {
      const { casino } = await loadFixture(deployCasino);
      expect(await casino.riskBps()).to.deep.equal([500n, 1_000n]);
      await expect(casino.setRiskBps(2_000)).to.emit(casino, "RiskChanged").withArgs(2_000);
      await expect(casino.setPlayerRiskBps(5_000)).to.emit(casino, "PlayerRiskChanged").withArgs(5_000);
      expect(await casino.riskBps()).to.deep.equal([2_000n, 5_000n]);
      await expect(casino.setPlayerRiskBps(1)).to.emit(casino, "PlayerRiskChanged").withArgs(1);
      expect(await casino.riskBps()).to.deep.equal([2_000n, 1n]);
      await expect(casino.setRiskBps(0)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(0, 1, 2_000);
      await expect(casino.setRiskBps(2_001)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(2_001, 1, 2_000);
      await expect(casino.setPlayerRiskBps(0)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(0, 1, 5_000);
      await expect(casino.setPlayerRiskBps(5_001)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(5_001, 1, 5_000);
    });

    it("sets the settle window, the announcement delay and the jackpot terms within their bounds, each reflected in terms(), one change of terms per acceptance window", async function () {
      const { casino } = await loadFixture(deployCasino);
      expect(await casino.terms()).to.equal(packTerms(3_600n, 50n, 500n));
      expect(await casino.jackpotTerms()).to.deep.equal([50n, 500n]);

      const changed = await (await casino.setSettleWindow(600)).wait();
      await expect(changed).to.emit(casino, "SettleWindowChanged").withArgs(600);
      expect(await casino.settleWindow()).to.equal(600n);
      // One change of terms per acceptance window: a second within it would drop the terms that
      // the one-click bets accepted before the first were signed under (CasinoLedger.laneTerms).
      const nextChangeAt = BigInt((await changed!.getBlock()).timestamp) + ACCEPTANCE_WINDOW;
      await expect(casino.setSettleWindow(599)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(599, 600, 86_400);
      await expect(casino.setSettleWindow(86_401)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(86_401, 600, 86_400);

      await expect(casino.setAnnouncementDelay(3_600)).to.emit(casino, "AnnouncementDelayChanged").withArgs(3_600);
      expect(await casino.announcementDelay()).to.equal(3_600n);
      await expect(casino.setAnnouncementDelay(3_599))
        .to.be.revertedWithCustomError(casino, "OutOfBounds")
        .withArgs(3_599, 3_600, 30 * 86_400);
      await expect(casino.setAnnouncementDelay(30 * 86_400 + 1)).to.be.revertedWithCustomError(casino, "OutOfBounds");

      await time.setNextBlockTimestamp(nextChangeAt - 1n);
      await expect(casino.setJackpotTerms(200, 5_000)).to.be.revertedWithCustomError(casino, "NotReady").withArgs(nextChangeAt);
      await time.setNextBlockTimestamp(nextChangeAt);
      await expect(casino.setJackpotTerms(200, 5_000)).to.emit(casino, "JackpotTermsChanged").withArgs(200, 5_000);
      expect(await casino.jackpotTerms()).to.deep.equal([200n, 5_000n]);
      await time.increase(ACCEPTANCE_WINDOW);
      await expect(casino.setJackpotTerms(0, 1)).to.emit(casino, "JackpotTermsChanged").withArgs(0, 1);
      expect(await casino.jackpotTerms()).to.deep.equal([0n, 1n]);
      expect(await casino.terms()).to.equal(packTerms(600n, 0n, 1n));
      await expect(casino.setJackpotTerms(201, 500)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(201, 0, 200);
      await expect(casino.setJackpotTerms(100, 0)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(0, 1, 5_000);
      await expect(casino.setJackpotTerms(100, 5_001)).to.be.revertedWithCustomError(casino, "OutOfBounds").withArgs(5_001, 1, 5_000);
    });

    it("hands ownership over in two steps", async function () {
      const { casino, owner, players } = await loadFixture(deployCasino);
      const [alice] = players;
      await casino.transferOwnership(alice.address);
      expect(await casino.pendingOwner()).to.equal(alice.address);
      expect(await casino.owner()).to.equal(owner.address);
      await casino.connect(alice).acceptOwnership();
      expect(await casino.owner()).to.equal(alice.address);
      await expect(casino.connect(owner).pause()).to.be.revertedWithCustomError(casino, "OwnableUnauthorizedAccount").withArgs(owner.address);
    });
  });
});
