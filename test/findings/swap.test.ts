// Finding R1-7 (round 1, docs/findings.md): the fixed-rate swap could empty the bankroll (one round trip took 999.99
// of a 1,000 BNB free bankroll). Now CasinoSwap caps what it pays out, per swap (1 % of the free
// bankroll of the token paid out) and over any 24 hours (5 %), and the owner changes the rate only
// within bounds and after the announcement delay.
import { expect } from "chai";
import { network } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { deployCasino, hangDetector, NATIVE } from "../helpers";
import type { CasinoFixture } from "../helpers";
import { eventsOf, fmt } from "./support";

const BPS = 10_000n;
const DAY = 86_400n;
const RATE = 10_000n;

/** CasinoSwap._room and the bucket update, mirrored: the caps of the token paid out. */
class FlowModel {
  level = 0n;
  updatedAt = 0n;
  constructor(
    readonly perSwapBps = 100n,
    readonly dailyBps = 500n,
  ) {}

  room(free: bigint, now: bigint) {
    const perSwap = (free * this.perSwapBps) / BPS;
    const bucket = (free * this.dailyBps) / BPS / 2n;
    const leaked = (bucket * (now - this.updatedAt)) / DAY;
    const level = this.level > leaked ? this.level - leaked : 0n;
    const room = bucket > level ? bucket - level : 0n;
    return { perSwap, room, level, max: perSwap < room ? perSwap : room };
  }

  paid(free: bigint, now: bigint, out: bigint) {
    this.level = this.room(free, now).level + out;
    this.updatedAt = now;
  }
}

/** Two whales with 10M DEGEN each in the vault (the 1 % max wallet), as in the review. */
async function whaleFixture() {
  const f = await deployCasino();
  const [whale, whale2] = f.players;
  for (const w of [whale, whale2]) {
    await f.token.transfer(w.address, parseEther("9000000"));
    await f.casino.connect(w).deposit(f.tokenAddress, parseEther("10000000"));
  }
  return { ...f, whale, whale2 };
}

async function freeOf(f: CasinoFixture, token: string): Promise<bigint> {
  const [bankroll, reserved] = await f.casino.house(token);
  return bankroll - reserved;
}

describe("Finding R1-7: the fixed-rate swap is bounded", function () {
  it("a DEGEN→BNB swap above 1 % of the free BNB bankroll reverts SwapAboveCap, so does the review's 10M DEGEN round trip, both ways", async function () {
    const f = await loadFixture(whaleFixture);
    const { swapDesk, casino, whale, tokenAddress } = f;
    expect(await swapDesk.terms()).to.deep.equal([RATE, 100n, 500n, 0n, 0n]);
    expect(await freeOf(f, NATIVE)).to.equal(parseEther("1000"));
    // The review: all of a whale's DEGEN for the BNB bankroll at once.
    await expect(swapDesk.connect(whale).swap(tokenAddress, parseEther("10000000"), 0))
      .to.be.revertedWithCustomError(swapDesk, "SwapAboveCap")
      .withArgs(parseEther("1000"), parseEther("10"));
    // 1 wei of BNB above the cap.
    await expect(swapDesk.connect(whale).swap(tokenAddress, (parseEther("10") + 1n) * RATE, 0))
      .to.be.revertedWithCustomError(swapDesk, "SwapAboveCap")
      .withArgs(parseEther("10") + 1n, parseEther("10"));
    // Exactly the cap.
    await expect(swapDesk.connect(whale).swap(tokenAddress, parseEther("10") * RATE, 0))
      .to.emit(casino, "Swapped")
      .withArgs(whale.address, tokenAddress, parseEther("100000"), parseEther("10"));
    expect(await casino.getBalance(whale.address, NATIVE)).to.equal(parseEther("10"));
    expect(await freeOf(f, NATIVE)).to.equal(parseEther("990"));
    // And back: 10 BNB would be 100,000 DEGEN, above 1 % of the 5,100,000 DEGEN free bankroll (51,000).
    expect(await freeOf(f, tokenAddress)).to.equal(parseEther("5100000"));
    await expect(swapDesk.connect(whale).swap(NATIVE, parseEther("10"), 0))
      .to.be.revertedWithCustomError(swapDesk, "SwapAboveCap")
      .withArgs(parseEther("100000"), parseEther("51000"));
    expect(await swapDesk.quote(NATIVE, parseEther("10"))).to.deep.equal([parseEther("100000"), parseEther("51000")]);
  });

  it("repeated maximum swaps within 24 h stop at the daily cap (a bucket of 2.5 % of the free bankroll, leaking 2.5 % a day)", async function () {
    const f = await loadFixture(whaleFixture);
    const { swapDesk, casino, whale, whale2, tokenAddress } = f;
    const model = new FlowModel();
    const t0 = BigInt(await time.latest()) + 10n;
    let paid = 0n;
    const swaps: bigint[] = [];
    for (const [i, w] of [whale, whale2, whale].entries()) {
      const now = t0 + BigInt(i);
      const free = await freeOf(f, NATIVE);
      const { perSwap, room, max } = model.room(free, now);
      await time.setNextBlockTimestamp(now);
      if (perSwap > room) {
        // The third maximum swap: the per-swap cap allows it, the day's bucket does not.
        const snapshot = await network.provider.send("evm_snapshot", []);
        await expect(swapDesk.connect(w).swap(tokenAddress, perSwap * RATE, 0))
          .to.be.revertedWithCustomError(swapDesk, "SwapAboveDailyCap")
          .withArgs(perSwap, room);
        await network.provider.send("evm_revert", [snapshot]);
        await time.setNextBlockTimestamp(now);
      }
      await expect(swapDesk.connect(w).swap(tokenAddress, max * RATE, 0))
        .to.emit(casino, "Swapped")
        .withArgs(w.address, tokenAddress, max * RATE, max);
      model.paid(free, now, max);
      paid += max;
      swaps.push(max);
    }
    expect(swaps.slice(0, 2)).to.deep.equal([parseEther("10"), parseEther("9.9")]);
    // The day's room is used up: even 1 BNB more is refused a second later, whoever asks.
    const now = t0 + 3n;
    const { room } = model.room(await freeOf(f, NATIVE), now);
    expect(room).to.be.lessThan(parseEther("0.001"));
    await time.setNextBlockTimestamp(now);
    await expect(swapDesk.connect(whale2).swap(tokenAddress, parseEther("1") * RATE, 0))
      .to.be.revertedWithCustomError(swapDesk, "SwapAboveDailyCap")
      .withArgs(parseEther("1"), room);
    console.log(`      max swaps in 3 s: ${swaps.map((s) => fmt(s, 4)).join(" + ")} = ${fmt(paid, 4)} BNB (bucket 2.5 % of 1,000 = 25)`);
    expect(paid).to.be.at.most(parseEther("25"));
  });

  it("swapping the maximum every hour for 48 h: no 24 h window pays out more than 5 % of the free BNB bankroll at its start", async function () {
    hangDetector(this, 120_000);
    const f = await loadFixture(whaleFixture);
    const { swapDesk, casino, whale, whale2, tokenAddress } = f;
    const model = new FlowModel();
    const t0 = BigInt(await time.latest()) + 60n;
    const swaps: { at: bigint; out: bigint; freeBefore: bigint }[] = [];
    for (let hour = 0n; hour <= 48n; hour++) {
      const now = t0 + hour * 3600n;
      const w: HardhatEthersSigner = hour % 2n === 0n ? whale : whale2;
      const free = await freeOf(f, NATIVE);
      const { perSwap, room, max } = model.room(free, now);
      // One wei of BNB more than the maximum is refused, with the binding cap named.
      // (A reverted transaction is mined too: it runs in a snapshot, so the real one gets the same timestamp.)
      const snapshot = await network.provider.send("evm_snapshot", []);
      await time.setNextBlockTimestamp(now);
      const over = swapDesk.connect(w).swap(tokenAddress, (max + 1n) * RATE, 0);
      if (perSwap <= room)
        await expect(over)
          .to.be.revertedWithCustomError(swapDesk, "SwapAboveCap")
          .withArgs(max + 1n, perSwap);
      else
        await expect(over)
          .to.be.revertedWithCustomError(swapDesk, "SwapAboveDailyCap")
          .withArgs(max + 1n, room);
      await network.provider.send("evm_revert", [snapshot]);
      await time.setNextBlockTimestamp(now);
      const receipt = (await (await swapDesk.connect(w).swap(tokenAddress, max * RATE, 0)).wait())!;
      expect(eventsOf(receipt, casino, "Swapped").map((e) => e.args.toArray())).to.deep.equal([[w.address, tokenAddress, max * RATE, max]]);
      model.paid(free, now, max);
      swaps.push({ at: now, out: max, freeBefore: free });
    }
    expect(await freeOf(f, NATIVE)).to.equal(parseEther("1000") - swaps.reduce((sum, s) => sum + s.out, 0n));
    let worst = { total: 0n, bound: 1n, from: 0 };
    for (const [i, start] of swaps.entries()) {
      const total = swaps.filter((s) => s.at >= start.at && s.at < start.at + DAY).reduce((sum, s) => sum + s.out, 0n);
      const bound = (start.freeBefore * 500n) / BPS;
      expect(total, `24 h from hour ${i}`).to.be.at.most(bound);
      if (total * worst.bound > worst.total * bound) worst = { total, bound, from: i };
    }
    const total48 = swaps.reduce((sum, s) => sum + s.out, 0n);
    console.log(
      `      48 h of hourly max swaps: ${fmt(total48, 3)} BNB in all (first hours ${swaps
        .slice(0, 4)
        .map((s) => fmt(s.out, 3))
        .join(", ")}, then ~${fmt(swaps[30].out, 3)}/h); ` + `worst 24 h window (from hour ${worst.from}) ${fmt(worst.total, 3)} ≤ ${fmt(worst.bound, 3)} BNB`,
    );
  });

  it("the rate changes only after the delay: announceRate → executeRate NotReady before, works after, AnnouncementLapsed 7 days later; cancelRate", async function () {
    const f = await loadFixture(whaleFixture);
    const { swapDesk, owner, tokenAddress, casino } = f;
    const tx = await swapDesk.connect(owner).announceRate(20_000);
    const executableAt = BigInt((await tx.getBlock())!.timestamp) + DAY;
    await expect(tx).to.emit(swapDesk, "SwapRateAnnounced").withArgs(20_000, executableAt);
    expect(await swapDesk.terms()).to.deep.equal([RATE, 100n, 500n, 20_000n, executableAt]);
    // Until executed, swaps keep the old rate.
    expect((await swapDesk.quote(tokenAddress, parseEther("10000")))[0]).to.equal(parseEther("1"));
    await time.setNextBlockTimestamp(executableAt - 1n);
    await expect(swapDesk.connect(owner).executeRate()).to.be.revertedWithCustomError(swapDesk, "NotReady").withArgs(executableAt);
    await time.setNextBlockTimestamp(executableAt);
    await expect(swapDesk.connect(owner).executeRate()).to.emit(swapDesk, "SwapRateChanged").withArgs(20_000);
    expect(await swapDesk.terms()).to.deep.equal([20_000n, 100n, 500n, 0n, 0n]);
    expect((await swapDesk.quote(tokenAddress, parseEther("10000")))[0]).to.equal(parseEther("0.5"));
    await expect(swapDesk.connect(owner).executeRate()).to.be.revertedWithCustomError(swapDesk, "NothingPending");

    // An announcement lapses 7 days after it became executable (inclusive bound).
    await casino.connect(owner).setAnnouncementDelay(2 * 86_400);
    const second = await swapDesk.connect(owner).announceRate(30_000);
    const secondAt = BigInt((await second.getBlock())!.timestamp) + 2n * DAY;
    const lapsedAt = secondAt + 7n * DAY;
    const snapshot = await network.provider.send("evm_snapshot", []);
    await time.setNextBlockTimestamp(lapsedAt);
    await expect(swapDesk.connect(owner).executeRate()).to.emit(swapDesk, "SwapRateChanged").withArgs(30_000);
    await network.provider.send("evm_revert", [snapshot]);
    await time.setNextBlockTimestamp(lapsedAt + 1n);
    await expect(swapDesk.connect(owner).executeRate()).to.be.revertedWithCustomError(swapDesk, "AnnouncementLapsed").withArgs(lapsedAt);
    expect((await swapDesk.terms())[0]).to.equal(20_000n);

    // Cancelled: nothing left to execute or cancel.
    await expect(swapDesk.connect(owner).cancelRate()).to.emit(swapDesk, "SwapRateCancelled").withArgs(30_000);
    await expect(swapDesk.connect(owner).executeRate()).to.be.revertedWithCustomError(swapDesk, "NothingPending");
    await expect(swapDesk.connect(owner).cancelRate()).to.be.revertedWithCustomError(swapDesk, "NothingPending");
    expect(await swapDesk.terms()).to.deep.equal([20_000n, 100n, 500n, 0n, 0n]);
  });

  it("rates and caps stay within bounds (OutOfBounds) and only the Casino's owner sets them (NotOwner)", async function () {
    const f = await loadFixture(whaleFixture);
    const { swapDesk, owner, settler, stranger } = f;
    await expect(swapDesk.connect(owner).announceRate(999)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(999, 1_000, 100_000);
    await expect(swapDesk.connect(owner).announceRate(100_001)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(100_001, 1_000, 100_000);
    await expect(swapDesk.connect(owner).setCaps(0, 500)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(0, 1, 500);
    await expect(swapDesk.connect(owner).setCaps(501, 600)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(501, 1, 500);
    await expect(swapDesk.connect(owner).setCaps(100, 99)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(99, 100, 2_000);
    await expect(swapDesk.connect(owner).setCaps(100, 2_001)).to.be.revertedWithCustomError(swapDesk, "OutOfBounds").withArgs(2_001, 100, 2_000);
    await expect(swapDesk.connect(owner).setCaps(500, 2_000)).to.emit(swapDesk, "SwapCapsChanged").withArgs(500, 2_000);
    await expect(swapDesk.connect(owner).announceRate(1_000)).to.emit(swapDesk, "SwapRateAnnounced");
    for (const caller of [settler, stranger]) {
      await expect(swapDesk.connect(caller).setCaps(100, 500)).to.be.revertedWithCustomError(swapDesk, "NotOwner");
      await expect(swapDesk.connect(caller).announceRate(10_000)).to.be.revertedWithCustomError(swapDesk, "NotOwner");
      await expect(swapDesk.connect(caller).cancelRate()).to.be.revertedWithCustomError(swapDesk, "NotOwner");
      await expect(swapDesk.connect(caller).executeRate()).to.be.revertedWithCustomError(swapDesk, "NotOwner");
    }
    expect(await swapDesk.terms()).to.deep.equal([RATE, 500n, 2_000n, 1_000n, (await swapDesk.terms())[4]]);
  });
});
