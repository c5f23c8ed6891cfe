import { expect } from "chai";
import { ethers } from "hardhat";
import { impersonateAccount, loadFixture, setBalance, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { deployCasino, NATIVE, BANKROLL_DEGEN, BANKROLL_NATIVE } from "./helpers";
import { signSwap } from "./support";

const DAY = 86_400n;

/**
 * The desk's daily limit for a token paid out, written out from its rule: a bucket of half the
 * daily cap of the free bankroll, which leaks the whole bucket per day. `level` was the bucket's
 * level at `updatedAt`; returns the level and the room left at `now`.
 */
function dailyRoom(free: bigint, dailyCapBps: bigint, level: bigint, updatedAt: bigint, now: bigint) {
  const bucket = (free * dailyCapBps) / 10_000n / 2n;
  const leaked = (bucket * (now - updatedAt)) / DAY;
  const left = level > leaked ? level - leaked : 0n;
  return { level: left, room: bucket > left ? bucket - left : 0n };
}

/** The Casino with its swap desk, and alice holding 300,000 DEGEN and 20 BNB in her vault. */
async function swapFixture() {
  const f = await deployCasino();
  const [alice] = f.players;
  await f.casino.connect(alice).deposit(f.tokenAddress, parseEther("300000"));
  await f.casino.connect(alice).deposit(NATIVE, parseEther("20"), { value: parseEther("20") });
  return { ...f, alice };
}

describe("CasinoSwap", function () {
  it("is deployed by its Casino at 10,000 DEGEN per BNB, 1 % of the free bankroll per swap and 5 % a day", async function () {
    const { casino, swapDesk, casinoAddress, tokenAddress } = await loadFixture(swapFixture);
    expect(await casino.swapDesk()).to.equal(await swapDesk.getAddress());
    expect(await swapDesk.casino()).to.equal(casinoAddress);
    expect(await swapDesk.degen()).to.equal(tokenAddress);
    expect(await swapDesk.terms()).to.deep.equal([10_000n, 100n, 500n, 0n, 0n]);
    expect([await swapDesk.MIN_RATE(), await swapDesk.MAX_RATE(), await swapDesk.MAX_SWAP_CAP_BPS(), await swapDesk.MAX_DAILY_CAP_BPS()]).to.deep.equal([
      1_000n,
      100_000n,
      500n,
      2_000n,
    ]);
    expect(await swapDesk.ANNOUNCEMENT_LIFETIME()).to.equal(7n * DAY);
  });

  it("quotes the amount out and the largest payout the caps allow now", async function () {
    const { swapDesk, tokenAddress, stranger } = await loadFixture(swapFixture);
    // Per swap 1 % of the free bankroll of the token paid out; the daily bucket holds 2.5 %.
    expect(await swapDesk.quote(tokenAddress, parseEther("10000"))).to.deep.equal([parseEther("1"), BANKROLL_NATIVE / 100n]);
    expect(await swapDesk.quote(NATIVE, parseEther("1"))).to.deep.equal([parseEther("10000"), BANKROLL_DEGEN / 100n]);
    expect(await swapDesk.quote(tokenAddress, 9_999n)).to.deep.equal([0n, BANKROLL_NATIVE / 100n]);
    await expect(swapDesk.quote(stranger.address, 1)).to.be.revertedWithCustomError(swapDesk, "UnsupportedToken").withArgs(stranger.address);
  });

  it("pays out no more than the daily bucket, which refills over a day", async function () {
    const { casino, swapDesk, tokenAddress, alice } = await loadFixture(swapFixture);
    const asAlice = swapDesk.connect(alice);
    const t0 = BigInt(await time.latest()) + 100n;
    await time.setNextBlockTimestamp(t0);
    await asAlice.swap(tokenAddress, parseEther("100000"), 0); // 10 BNB: the whole per-swap cap
    let free = BANKROLL_NATIVE - parseEther("10");
    expect(await casino.house(NATIVE)).to.deep.equal([free, 0n]);

    await expect(asAlice.swap(tokenAddress, parseEther("150000"), 0))
      .to.be.revertedWithCustomError(swapDesk, "SwapAboveCap")
      .withArgs(parseEther("15"), free / 100n);
    const t1 = t0 + 3_600n;
    await time.setNextBlockTimestamp(t1);
    const before = dailyRoom(free, 500n, parseEther("10"), t0, t1);
    expect(before.room).to.equal(parseEther("15.78125"));
    await asAlice.swap(tokenAddress, parseEther("99000"), 0); // 9.9 BNB, within the room left
    const level = before.level + parseEther("9.9");
    free -= parseEther("9.9");

    const t2 = t1 + 3_600n;
    await time.increaseTo(t2);
    const { room } = dailyRoom(free, 500n, level, t1, t2);
    expect(room).to.equal(parseEther("6.6546875"));
    expect(await swapDesk.quote(tokenAddress, parseEther("90000"))).to.deep.equal([parseEther("9"), room]);
    const t3 = t2 + 1n;
    await time.setNextBlockTimestamp(t3);
    await expect(asAlice.swap(tokenAddress, parseEther("90000"), 0))
      .to.be.revertedWithCustomError(swapDesk, "SwapAboveDailyCap")
      .withArgs(parseEther("9"), dailyRoom(free, 500n, level, t1, t3).room);

    await time.increaseTo(t1 + DAY);
    expect((await swapDesk.quote(tokenAddress, parseEther("90000")))[1]).to.equal(free / 100n);
    await expect(asAlice.swap(tokenAddress, parseEther("90000"), 0))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, tokenAddress, parseEther("90000"), parseEther("9"));
  });

  it("pays out nothing more today once lowered caps leave the bucket above its new size", async function () {
    const { swapDesk, tokenAddress, alice } = await loadFixture(swapFixture);
    await swapDesk.connect(alice).swap(tokenAddress, parseEther("100000"), 0); // 10 BNB
    // A daily cap of 2 % makes a bucket of 1 % of 990 BNB: 9.9 BNB, below the 10 BNB just paid out.
    await swapDesk.setCaps(100, 200);
    expect(await swapDesk.quote(tokenAddress, parseEther("10000"))).to.deep.equal([parseEther("1"), 0n]);
    await expect(swapDesk.connect(alice).swap(tokenAddress, parseEther("10000"), 0))
      .to.be.revertedWithCustomError(swapDesk, "SwapAboveDailyCap")
      .withArgs(parseEther("1"), 0);
  });

  it("sets the caps within their bounds (Casino owner only)", async function () {
    const { swapDesk, tokenAddress, stranger } = await loadFixture(swapFixture);
    await expect(swapDesk.setCaps(200, 1_000)).to.emit(swapDesk, "SwapCapsChanged").withArgs(200, 1_000);
    expect(await swapDesk.terms()).to.deep.equal([10_000n, 200n, 1_000n, 0n, 0n]);
    expect((await swapDesk.quote(tokenAddress, parseEther("10000")))[1]).to.equal(BANKROLL_NATIVE / 50n);
    await expect(swapDesk.setCaps(0, 1_000)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(0, 1, 500);
    await expect(swapDesk.setCaps(501, 1_000)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(501, 1, 500);
    await expect(swapDesk.setCaps(200, 199)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(199, 200, 2_000);
    await expect(swapDesk.setCaps(200, 2_001)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(2_001, 200, 2_000);
    await expect(swapDesk.connect(stranger).setCaps(200, 1_000)).to.be.revertedWithCustomError(swapDesk, "NotOwner");
  });

  it("changes the rate only by announcement, from the Casino's announcement delay on until the announcement lapses", async function () {
    const { casino, swapDesk, alice } = await loadFixture(swapFixture);
    await expect(swapDesk.executeRate()).to.be.revertedWithCustomError(swapDesk, "NothingPending");
    await expect(swapDesk.cancelRate()).to.be.revertedWithCustomError(swapDesk, "NothingPending");
    await expect(swapDesk.announceRate(999)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(999, 1_000, 100_000);
    await expect(swapDesk.announceRate(100_001)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(100_001, 1_000, 100_000);

    const announced = await swapDesk.announceRate(20_000);
    const executableAt = BigInt((await announced.getBlock())!.timestamp) + DAY;
    await expect(announced).to.emit(swapDesk, "SwapRateAnnounced").withArgs(20_000, executableAt);
    expect(await swapDesk.terms()).to.deep.equal([10_000n, 100n, 500n, 20_000n, executableAt]);
    await expect(swapDesk.executeRate()).to.be.revertedWithCustomError(swapDesk, "NotReady").withArgs(executableAt);
    await time.setNextBlockTimestamp(executableAt);
    await expect(swapDesk.executeRate()).to.emit(swapDesk, "SwapRateChanged").withArgs(20_000);
    expect(await swapDesk.terms()).to.deep.equal([20_000n, 100n, 500n, 0n, 0n]);
    await expect(swapDesk.connect(alice).swap(NATIVE, parseEther("1"), 0))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, NATIVE, parseEther("1"), parseEther("20000"));

    await swapDesk.announceRate(5_000);
    await expect(swapDesk.cancelRate()).to.emit(swapDesk, "SwapRateCancelled").withArgs(5_000);
    expect(await swapDesk.terms()).to.deep.equal([20_000n, 100n, 500n, 0n, 0n]);

    // A shorter announcement delay applies to later announcements; an announcement left too long lapses.
    await casino.setAnnouncementDelay(3_600);
    const late = await swapDesk.announceRate(5_000);
    const lateAt = BigInt((await late.getBlock())!.timestamp) + 3_600n;
    await time.setNextBlockTimestamp(lateAt + 7n * DAY + 1n);
    await expect(swapDesk.executeRate())
      .to.be.revertedWithCustomError(swapDesk, "AnnouncementLapsed")
      .withArgs(lateAt + 7n * DAY);
  });

  it("answers to the Casino's owner only, and follows a change of the Casino's owner", async function () {
    const { casino, swapDesk, owner, stranger, alice } = await loadFixture(swapFixture);
    const asStranger = swapDesk.connect(stranger);
    for (const call of [
      () => asStranger.setCaps(100, 500),
      () => asStranger.announceRate(20_000),
      () => asStranger.cancelRate(),
      () => asStranger.executeRate(),
    ]) {
      await expect(call()).to.be.revertedWithCustomError(swapDesk, "NotOwner");
    }
    await casino.transferOwnership(alice.address);
    await casino.connect(alice).acceptOwnership();
    await expect(swapDesk.connect(owner).setCaps(200, 600)).to.be.revertedWithCustomError(swapDesk, "NotOwner");
    await expect(swapDesk.connect(alice).setCaps(200, 600)).to.emit(swapDesk, "SwapCapsChanged").withArgs(200, 600);
  });

  it("takes swapFor from the Casino's relay only, which carries out a swap the player signed", async function () {
    const { casino, relay, swapDesk, tokenAddress, settler, stranger, alice } = await loadFixture(swapFixture);
    for (const caller of [alice, settler, stranger]) {
      await expect(swapDesk.connect(caller).swapFor(alice.address, tokenAddress, parseEther("10000"), 0)).to.be.revertedWithCustomError(swapDesk, "NotRelay");
    }
    const request = {
      player: alice.address,
      fromToken: tokenAddress,
      toToken: NATIVE,
      amount: parseEther("10000"),
      minAmountOut: parseEther("1"),
      deadline: BigInt(await time.latest()) + 600n,
    };
    const signature = await signSwap(relay, alice, request);
    expect(await relay.connect(stranger).swap.staticCall(request, signature)).to.equal(parseEther("1"));
    await expect(relay.connect(stranger).swap(request, signature))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, tokenAddress, parseEther("10000"), parseEther("1"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("21"));
  });

  it("is the only caller of Casino.exchange, which still checks the amounts, the vault and the free bankroll above its floor", async function () {
    const { casino, swapDesk, tokenAddress, settler, stranger, alice } = await loadFixture(swapFixture);
    for (const caller of [alice, settler, stranger]) {
      await expect(casino.connect(caller).exchange(alice.address, tokenAddress, 1, 1)).to.be.revertedWithCustomError(casino, "NotSwapDesk");
    }
    const deskAddress = await swapDesk.getAddress();
    await impersonateAccount(deskAddress);
    await setBalance(deskAddress, parseEther("1"));
    const asDesk = casino.connect(await ethers.getSigner(deskAddress));
    await expect(asDesk.exchange(alice.address, stranger.address, 1, 1))
      .to.be.revertedWithCustomError(casino, "UnsupportedToken")
      .withArgs(stranger.address);
    await expect(asDesk.exchange(alice.address, tokenAddress, 0, 1)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(asDesk.exchange(alice.address, tokenAddress, 1, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(asDesk.exchange(alice.address, tokenAddress, parseEther("300000") + 1n, 1))
      .to.be.revertedWithCustomError(casino, "InsufficientBalance")
      .withArgs(parseEther("300000"), parseEther("300000") + 1n);
    // A swap leaves riskBps (5 %) of the bankroll free, as every reservation does: the most a
    // one-click bet the server accepted may still pay when it lands (CasinoLedger.aboveFloor).
    const [nativeFree, degenFree] = [(BANKROLL_NATIVE * 95n) / 100n, (BANKROLL_DEGEN * 95n) / 100n];
    await expect(asDesk.exchange(alice.address, tokenAddress, 1, nativeFree + 1n))
      .to.be.revertedWithCustomError(casino, "InsufficientBankroll")
      .withArgs(nativeFree, nativeFree + 1n);
    await expect(asDesk.exchange(alice.address, NATIVE, parseEther("20"), degenFree + 1n))
      .to.be.revertedWithCustomError(casino, "InsufficientBankroll")
      .withArgs(degenFree, degenFree + 1n);
    await expect(asDesk.exchange(alice.address, NATIVE, parseEther("20"), degenFree))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, NATIVE, parseEther("20"), degenFree);
    expect(await casino.house(tokenAddress)).to.deep.equal([BANKROLL_DEGEN - degenFree, 0n]);
  });
});
