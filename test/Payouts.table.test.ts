// Finding R1-5: a bet reserves, and an expired claim pays, the maximum payout of the bet as placed.
// The contract's table (contracts/Payouts.sol) must equal the engine's (engine/src/limits.ts) for
// every game, params and token, to the base unit, and refuse exactly the params the engine refuses.
import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { GAME, hangDetector } from "./helpers";
import type { PayoutsHarness } from "../typechain-types";

interface Table {
  stake: string;
  rows: { gameType: number; token: "DEGEN" | "BNB"; split: boolean; params: string[]; payouts: string[] }[];
}

const ROOT = path.join(__dirname, "..");
/**
 * solidity-coverage hands every EVM step of a call to JavaScript, stack included: the whole table
 * (21,858 payouts in 11 calls) took over 120 s and 8.8 GB there. Under coverage, each row compares
 * its first, last and a spread of params between, which takes every branch of Payouts.ratio; the
 * normal run compares every entry.
 */
const underCoverage = Boolean((hre as unknown as { __SOLIDITY_COVERAGE_RUNNING?: boolean }).__SOLIDITY_COVERAGE_RUNNING);
const PARAMS_PER_ROW_UNDER_COVERAGE = 8;

function coverageSample(row: Table["rows"][number]): Table["rows"][number] {
  const step = Math.max(1, Math.floor((row.params.length - 1) / (PARAMS_PER_ROW_UNDER_COVERAGE - 1)));
  const picked = row.params.map((_, i) => i).filter((i) => i % step === 0 || i === row.params.length - 1);
  return { ...row, params: picked.map((i) => row.params[i]!), payouts: picked.map((i) => row.payouts[i]!) };
}

function engineTable(): Table {
  const output = execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["engine/scripts/payout-table.ts"], { cwd: ROOT, maxBuffer: 64 << 20 });
  return JSON.parse(output.toString()) as Table;
}

describe("Payouts: the reservation table equals the engine's maximum payout", function () {
  hangDetector(this, 120_000);
  let harness: PayoutsHarness;

  before(async function () {
    harness = (await (await ethers.getContractFactory("PayoutsHarness")).deploy()) as unknown as PayoutsHarness;
  });

  it("for every game, params and token (wheel 1,022 masks, crash 9,901 targets, dice 19,600 targets, plinko 27 tables, mines 24 counts, kickboxing, slots, blackjack split or not)", async function () {
    const table = engineTable();
    let compared = 0;
    for (const row of underCoverage ? table.rows.map(coverageSample) : table.rows) {
      const stake = BigInt(table.stake) * (row.split ? 2n : 1n);
      const params = row.params.map(BigInt);
      const onChain: bigint[] = [];
      for (let i = 0; i < params.length; i += 2_000) {
        onChain.push(...(await harness.maxPayouts(row.gameType, row.token === "BNB", row.split, stake, params.slice(i, i + 2_000))));
      }
      row.payouts.forEach((payout, i) => expect(onChain[i], `game ${row.gameType} ${row.token} params ${row.params[i]}`).to.equal(BigInt(payout)));
      compared += params.length;
    }
    if (!underCoverage) expect(compared).to.equal(2 * (1_022 + 1 + 2 + 3 + 9_901 + 19_600 + 27 + 24));
  });

  it("refuses the params the engine refuses", async function () {
    const refused: [number, bigint][] = [
      [GAME.WHEEL, 0n],
      [GAME.WHEEL, 1023n],
      [GAME.WHEEL, 1024n],
      [GAME.SLOTS, 1n],
      [GAME.BLACKJACK, 1n],
      [GAME.KICKBOXING, 3n],
      [GAME.CRASH, 100n],
      [GAME.CRASH, 10_001n],
      [GAME.DICE, 0n],
      [GAME.DICE, 9_801n],
      [GAME.DICE, 10_000n],
      [GAME.DICE, (1n << 14n) | 198n],
      [GAME.DICE, (1n << 14n) | 9_999n],
      [GAME.DICE, 1n << 17n],
      [GAME.PLINKO, 0n],
      [GAME.PLINKO, 7n],
      [GAME.PLINKO, 17n],
      [GAME.PLINKO, 0x308n],
      [GAME.PLINKO, 0x1_0008n],
      [GAME.MINES, 0n],
      [GAME.MINES, 25n],
      [GAME.MINES, 1n << 16n],
    ];
    for (const [gameType, params] of refused) {
      await expect(harness.maxPayouts(gameType, false, false, 1n, [params]), `${gameType}/${params}`).to.be.revertedWithCustomError(harness, "InvalidParams");
    }
    await expect(harness.maxPayouts(8, false, false, 1n, [0n])).to.be.revertedWithCustomError(harness, "InvalidGameType");
  });
});
