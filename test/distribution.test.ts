import fs from "node:fs";
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { LOCK_TERMS, localPlan, reserveOf, type DeploymentRecord, type LockRecord } from "../scripts/deploy";
import type { TokenLock } from "../typechain-types";
import { deployedStack, runTask } from "./deployed";
import type { TxResult } from "../tasks/context";

const SUPPLY = parseEther("1000000000");
const ONE_PERCENT = SUPPLY / 100n;

async function lockAt(lock: LockRecord): Promise<TokenLock> {
  return (await ethers.getContractAt("TokenLock", lock.address)) as unknown as TokenLock;
}

/** The number of the block whose transaction deployed `address`, searched from block `from` on. */
async function deployedIn(address: string, from: number): Promise<number> {
  const head = await ethers.provider.getBlockNumber();
  for (let number = from; number <= head; number++) {
    for (const hash of (await ethers.provider.getBlock(number))!.transactions) {
      if ((await ethers.provider.getTransactionReceipt(hash))!.contractAddress === address) return number;
    }
  }
  throw new Error(`no block from ${from} to ${head} deployed ${address}`);
}

describe("Token distribution and locks (scripts/deploy.ts, contracts/TokenLock.sol)", function () {
  it("writes every lock to the deployment file with the terms the lock itself holds", async function () {
    const { record, file, owner, signers } = await loadFixture(deployedStack);
    const written = JSON.parse(fs.readFileSync(file, "utf8")) as DeploymentRecord;
    expect(written.locks).to.deep.equal(record.locks);
    expect(written.locks.map((lock) => [lock.label, lock.kind, lock.asset, lock.beneficiary])).to.deep.equal([
      ["Team member 1", "team", "DEGEN", signers[17].address],
      ["Team member 2", "team", "DEGEN", signers[18].address],
      ["Team member 3", "team", "DEGEN", signers[19].address],
      ["Reserve", "reserve", "DEGEN", owner.address],
      ["Liquidity pool LP tokens", "liquidity", "LP", owner.address],
    ]);
    // Every lock starts at the time of the last block before the first lock (scripts/deploy.ts createLocks).
    const firstLockBlock = await deployedIn(written.locks[0].address, record.deploymentBlock);
    const startedAt = (await ethers.provider.getBlock(firstLockBlock - 1))!.timestamp;
    for (const lock of written.locks) {
      const wallet = await lockAt(lock);
      const terms = LOCK_TERMS[lock.kind];
      expect(lock.start).to.equal(startedAt);
      expect([lock.releasesAt, lock.end]).to.deep.equal([lock.start + terms.cliff, lock.start + terms.duration]);
      expect([await wallet.owner(), await wallet.start(), await wallet.cliff(), await wallet.end()]).to.deep.equal([
        lock.beneficiary,
        BigInt(lock.start),
        BigInt(lock.releasesAt),
        BigInt(lock.end),
      ]);
    }
    // docs/product.md §9: reserve 3 months, LP 6 months; the team's cliff is 6 months of a 12-month vesting.
    const days = (lock: LockRecord) => [(lock.releasesAt - lock.start) / 86_400, (lock.end - lock.start) / 86_400];
    expect(written.locks.map(days)).to.deep.equal([
      [180, 365],
      [180, 365],
      [180, 365],
      [90, 90],
      [180, 180],
    ]);
  });

  it("hands out exactly the fixed supply, each allocation held where the file says", async function () {
    const { record, token, owner, casino } = await loadFixture(deployedStack);
    const { allocations, totalSupply } = record.distribution;
    expect(BigInt(totalSupply)).to.equal(SUPPLY);
    expect(await token.totalSupply()).to.equal(SUPPLY);
    expect(allocations.reduce((sum, allocation) => sum + BigInt(allocation.amount), 0n)).to.equal(SUPPLY);
    expect(allocations.map((allocation) => [allocation.label, ethers.formatEther(allocation.amount)])).to.deep.equal([
      ["Liquidity pool (held by the owner until paired on PancakeSwap)", "400000000.0"],
      ["Reserve (locked 3 months)", "561300000.0"],
      ["Team member 1 (1 %, vesting)", "10000000.0"],
      ["Team member 2 (1 %, vesting)", "10000000.0"],
      ["Team member 3 (1 %, vesting)", "10000000.0"],
      ["House bankroll", "5000000.0"],
      ["Jackpot pool", "1200000.0"],
      ["Local dev accounts", "2500000.0"],
    ]);
    // What each holder holds: the Casino holds the bankroll and the jackpot, each dev account 100,000.
    const held = new Map<string, bigint>();
    for (const allocation of allocations) {
      for (const holder of allocation.holders) held.set(holder, (held.get(holder) ?? 0n) + BigInt(allocation.amount) / BigInt(allocation.holders.length));
    }
    for (const [holder, amount] of held) expect(await token.balanceOf(holder), holder).to.equal(amount);
    expect(await token.balanceOf(owner.address)).to.equal(parseEther("400000000"));
    expect(await token.balanceOf(await casino.getAddress())).to.equal(parseEther("6200000"));
    for (const lock of record.locks.filter((candidate) => candidate.asset === "DEGEN"))
      expect(await token.balanceOf(lock.address)).to.equal(BigInt(lock.amount));
  });

  it("keeps every holder but the exempt ones (owner, Casino, reserve lock) within the 1 % max wallet", async function () {
    const { record, token, owner, casino } = await loadFixture(deployedStack);
    const recipients = new Set<string>();
    for (const event of await token.queryFilter(token.filters.Transfer(), record.deploymentBlock)) recipients.add(event.args.to);
    const reserve = record.locks.find((lock) => lock.kind === "reserve")!.address;
    const exempt = [owner.address, await casino.getAddress(), reserve];
    for (const holder of recipients) {
      const balance = await token.balanceOf(holder);
      if (balance > ONE_PERCENT) expect(exempt, `${holder} holds ${ethers.formatEther(balance)}`).to.include(holder);
    }
    for (const address of exempt) expect(await token.isExempt(address)).to.equal(true);
    for (const lock of record.locks.filter((candidate) => candidate.kind === "team")) {
      expect(await token.isExempt(lock.address)).to.equal(false);
      expect(await token.balanceOf(lock.address)).to.equal(ONE_PERCENT);
    }
    expect(recipients.size).to.be.greaterThan(20);
  });

  it("releases nothing from a lock before its date, then exactly its amount to its beneficiary", async function () {
    const { record, token, tokenAddress } = await loadFixture(deployedStack);
    const reserve = record.locks.find((lock) => lock.kind === "reserve")!;
    const team = record.locks.find((lock) => lock.kind === "team")!;
    const reserveLock = await lockAt(reserve);
    const teamLock = await lockAt(team);
    const before = await token.balanceOf(reserve.beneficiary);

    // One second before the reserve's date: release() moves 0 (OpenZeppelin emits the 0 and sends nothing).
    await time.setNextBlockTimestamp(reserve.releasesAt - 1);
    await expect(reserveLock["release(address)"](tokenAddress)).to.emit(reserveLock, "ERC20Released").withArgs(tokenAddress, 0);
    expect(await token.balanceOf(reserve.address)).to.equal(BigInt(reserve.amount));
    expect(await token.balanceOf(reserve.beneficiary)).to.equal(before);

    // At the date, everything goes to the beneficiary and nothing stays behind.
    await time.setNextBlockTimestamp(reserve.releasesAt);
    await expect(reserveLock["release(address)"](tokenAddress)).to.changeTokenBalances(
      token,
      [reserve.address, reserve.beneficiary],
      [-BigInt(reserve.amount), BigInt(reserve.amount)],
    );
    expect(await reserveLock["released(address)"](tokenAddress)).to.equal(BigInt(reserve.amount));
    await expect(reserveLock["release(address)"](tokenAddress)).to.emit(reserveLock, "ERC20Released").withArgs(tokenAddress, 0);

    // The team's lock still holds everything until its cliff (6 months)…
    await time.setNextBlockTimestamp(team.releasesAt - 1);
    await expect(teamLock["release(address)"](tokenAddress)).to.emit(teamLock, "ERC20Released").withArgs(tokenAddress, 0);
    expect(await token.balanceOf(team.beneficiary)).to.equal(0n);
    expect(await token.balanceOf(team.address)).to.equal(ONE_PERCENT);
    // …then what vested linearly since the start (180 of 365 days), and the rest by the end.
    await time.setNextBlockTimestamp(team.releasesAt);
    const vested = (ONE_PERCENT * BigInt(team.releasesAt - team.start)) / BigInt(team.end - team.start);
    await expect(teamLock["release(address)"](tokenAddress)).to.changeTokenBalance(token, team.beneficiary, vested);
    await time.setNextBlockTimestamp(team.end);
    await expect(teamLock["release(address)"](tokenAddress)).to.changeTokenBalance(token, team.beneficiary, ONE_PERCENT - vested);
    expect(await token.balanceOf(team.beneficiary)).to.equal(ONE_PERCENT);
    expect(await token.balanceOf(team.address)).to.equal(0n);
  });

  it("subjects a team member to the max wallet: a release that would lift them above 1 % reverts", async function () {
    const { record, token, tokenAddress, owner } = await loadFixture(deployedStack);
    const team = record.locks.find((lock) => lock.kind === "team")!;
    await token.connect(owner).transfer(team.beneficiary, parseEther("1"));
    await time.setNextBlockTimestamp(team.end);
    await expect((await lockAt(team))["release(address)"](tokenAddress))
      .to.be.revertedWithCustomError(token, "MaxWalletExceeded")
      .withArgs(team.beneficiary, ONE_PERCENT + parseEther("1"), ONE_PERCENT);
  });

  it("locks the pool's LP tokens for 6 months: casino:lock-lp sends them, the lock releases them to the owner only then", async function () {
    const { record, file, token, tokenAddress, owner } = await loadFixture(deployedStack);
    const liquidity = record.locks.find((lock) => lock.kind === "liquidity")!;
    const pair = await (await ethers.getContractFactory("MockLpToken")).deploy(tokenAddress, ethers.ZeroAddress, parseEther("1000"));
    const other = await (await ethers.getContractFactory("MockLpToken")).deploy(ethers.Wallet.createRandom().address, ethers.ZeroAddress, parseEther("1"));
    const pairAddress = await pair.getAddress();

    const refused = await runTask("casino:lock-lp", { deployment: file, pair: await other.getAddress() });
    expect(refused.err).to.equal(`casino:lock-lp refused: ${await other.getAddress()} is not a pair of DEGEN (${tokenAddress})`);
    const locked = await runTask<TxResult>("casino:lock-lp", { deployment: file, pair: pairAddress });
    // The time left is counted from the lock transaction's block, which the wall clock stamps.
    const lockedAt = (await ethers.provider.getBlock((await ethers.provider.getTransactionReceipt(locked.result!.hash))!.blockNumber))!.timestamp;
    const left = liquidity.releasesAt - lockedAt;
    expect(locked.out).to.match(
      new RegExp(
        `^casino:lock-lp: 1,000 LP tokens of ${pairAddress} locked in ${liquidity.address}, released to ${owner.address} from .* \\(in ${Math.floor(left / 86_400)}d ${Math.floor((left % 86_400) / 3_600)}h\\) — tx 0x`,
      ),
    );
    expect(await pair.balanceOf(liquidity.address)).to.equal(parseEther("1000"));
    const again = await runTask("casino:lock-lp", { deployment: file, pair: pairAddress });
    expect(again.err).to.equal(`casino:lock-lp refused: ${owner.address} holds no LP tokens of ${pairAddress}`);

    const lock = await lockAt(liquidity);
    await time.setNextBlockTimestamp(liquidity.releasesAt - 1);
    await expect(lock["release(address)"](pairAddress)).to.changeTokenBalance(pair, owner, 0);
    await time.setNextBlockTimestamp(liquidity.releasesAt);
    await expect(lock["release(address)"](pairAddress)).to.changeTokenBalances(
      pair,
      [liquidity.address, owner.address],
      [-parseEther("1000"), parseEther("1000")],
    );
    expect(await token.balanceOf(liquidity.address)).to.equal(0n);
  });

  it("refuses a plan that hands out more than the supply, before any transaction", async function () {
    const signers = await ethers.getSigners();
    const plan = localPlan(signers);
    expect(reserveOf(plan)).to.equal(parseEther("561300000"));
    expect(() => reserveOf({ ...plan, liquidity: parseEther("962300000") })).to.throw(/leave nothing of the 1,000,000,000 supply for the reserve/);
    expect(reserveOf({ ...plan, teamWallets: [], devAccounts: [] })).to.equal(parseEther("593800000"));
  });
});
