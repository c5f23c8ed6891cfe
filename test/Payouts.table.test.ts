// Finding 5: a bet reserves, and an expired claim pays, the maximum payout of the bet as placed.
// The contract's table (contracts/Payouts.sol) must equal the engine's (engine/src/limits.ts) for
// every game, params and token, to the base unit, and refuse exactly the params the engine refuses.
import { expect } from "chai";
import { ethers } from "hardhat";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { GAME } from "./helpers";
import type { PayoutsHarness } from "../typechain-types";

interface Table {
  stake: string;
  rows: { gameType: number; token: "DEGEN" | "BNB"; split: boolean; params: string[]; payouts: string[] }[];
}

const ROOT = path.join(__dirname, "..");

function engineTable(): Table {
  const output = execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["engine/scripts/payout-table.ts"], { cwd: ROOT, maxBuffer: 64 << 20 });
  return JSON.parse(output.toString()) as Table;
}

describe("Payouts: the reservation table equals the engine's maximum payout", function () {
  this.timeout(120_000);
  let harness: PayoutsHarness;

  before(async function () {
    harness = (await (await ethers.getContractFactory("PayoutsHarness")).deploy()) as unknown as PayoutsHarness;
  });

  it("for every game, params and token (wheel 1,022 masks, crash 9,901 targets, kickboxing, slots, blackjack split or not)", async function () {
    const table = engineTable();
    let compared = 0;
    for (const row of table.rows) {
      const stake = BigInt(table.stake) * (row.split ? 2n : 1n);
      const params = row.params.map(BigInt);
      const onChain: bigint[] = [];
      for (let i = 0; i < params.length; i += 2_000) {
        onChain.push(...(await harness.maxPayouts(row.gameType, row.token === "BNB", row.split, stake, params.slice(i, i + 2_000))));
      }
      row.payouts.forEach((payout, i) => expect(onChain[i], `game ${row.gameType} ${row.token} params ${row.params[i]}`).to.equal(BigInt(payout)));
      compared += params.length;
    }
    expect(compared).to.equal(2 * (1_022 + 1 + 2 + 3 + 9_901));
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
    ];
    for (const [gameType, params] of refused) {
      await expect(harness.maxPayouts(gameType, false, false, 1n, [params]), `${gameType}/${params}`).to.be.revertedWithCustomError(harness, "InvalidParams");
    }
    await expect(harness.maxPayouts(5, false, false, 1n, [0n])).to.be.revertedWithCustomError(harness, "InvalidGameType");
  });
});
