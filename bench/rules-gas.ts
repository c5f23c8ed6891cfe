// Gas of GameRules.payout per game (`npx hardhat run bench/rules-gas.ts`): what the Casino pays to
// compute a payout on chain (issue #21). Each figure is the gas of one external call from a
// contract, warm (GameRulesHarness.run: gasleft() around the call, its arguments on the stack), over
// BENCH_COUNT (1,000) random valid bets per game from engine/scripts/rules-cases.ts --bench
// (blackjack played by a simple strategy: typical logs), and the costliest bets found in a search
// (the longest fight, the split with the most cards, …). Every payout is checked against the engine.
// The first call to GameRules in a transaction pays 2,500 more (EIP-2929: 2,600 for a cold account
// instead of 100), once per transaction.
import { ethers, network } from "hardhat";
import { deployRules, engineCases, runCases, type Answer, type RuleCase } from "../test/rules/support";
import type { GameRulesHarness } from "../typechain-types";

const GAMES = ["wheel", "slots", "blackjack", "kickboxing", "crash", "dice", "plinko", "mines"];
/**
 * issue #21's aims (a Casino bet's whole happy path must stay within 59,000 gas); dice and plinko,
 * one draw each, the wheel's; mines, a shuffle of 25 tiles (blackjack's is of 52 cards).
 */
const AIM = [1_500, 6_000, 15_000, 12_000, 1_500, 1_500, 1_500, 10_000];
const MINES = GAMES.indexOf("mines");
const COUNT = Number(process.env.BENCH_COUNT ?? 1_000);
const SEED = BigInt(process.env.BENCH_SEED ?? 21);
/** Words searched for the costliest fight and blackjack hand. */
const SEARCH = Number(process.env.BENCH_SEARCH ?? 100_000);

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (n: number) => n.toLocaleString("en-US");

function checkAgainstEngine(cases: readonly RuleCase[], answers: readonly Answer[]): void {
  cases.forEach((c, i) => {
    if (c.payout === null || answers[i].payout !== BigInt(c.payout)) {
      throw new Error(`${GAMES[c.game]} ${c.label}: the contract answered ${answers[i].payout ?? answers[i].error?.name}, the engine ${c.payout}`);
    }
  });
}

async function main(): Promise<void> {
  if (network.name !== "hardhat") throw new Error("run the rules gas bench on the in-process hardhat network");
  const deployed = await deployRules();
  const { cases, worst = [] } = await engineCases(SEED, COUNT, ["--bench", "--search", String(SEARCH)]);
  const answers = await runCases(deployed, cases);
  const worstAnswers = await runCases(deployed, worst);
  checkAgainstEngine(cases, answers);
  checkAgainstEngine(worst, worstAnswers);

  // What calling alone costs: a harness calling a stub with payout's signature that returns at once.
  const stub = (await (await ethers.getContractFactory("GameRulesHarness")).deploy(await deployed.harness.getAddress())) as unknown as GameRulesHarness;
  const [callOnly] = await runCases({ ...deployed, harness: stub }, cases.slice(0, 1));

  console.log(`GameRules.payout gas per game: an external call from a contract, warm; ${fmt(COUNT)} random valid bets per game (BENCH_SEED=${SEED})`);
  console.log(`${"game".padEnd(11)} ${"avg".padStart(7)} ${"p95".padStart(7)} ${"max".padStart(7)} ${"worst".padStart(7)} ${"aim".padStart(7)}  worst case`);
  for (const [game, name] of GAMES.entries()) {
    const gas = answers
      .filter((_, i) => cases[i].game === game)
      .map((a) => Number(a.gasUsed))
      .sort((a, b) => a - b);
    const worstOfGame = worst.map((c, i) => ({ c, gas: Number(worstAnswers[i].gasUsed) })).filter((w) => w.c.game === game);
    const costliest = worstOfGame.reduce((a, b) => (b.gas > a.gas ? b : a), { c: undefined as RuleCase | undefined, gas: 0 });
    const avg = Math.round(gas.reduce((a, b) => a + b, 0) / gas.length);
    const worstGas = Math.max(costliest.gas, gas[gas.length - 1]);
    const label = costliest.gas >= gas[gas.length - 1] ? (costliest.c?.label ?? "") : "the costliest random bet";
    const verdict = avg <= AIM[game] ? "" : "  (average above the aim)";
    console.log(
      `${name.padEnd(11)} ${fmt(avg).padStart(7)} ${fmt(percentile(gas, 95)).padStart(7)} ${fmt(gas[gas.length - 1]).padStart(7)} ${fmt(worstGas).padStart(7)} ${fmt(AIM[game]).padStart(7)}  ${label}${verdict}`,
    );
  }
  for (const [i, c] of worst.entries()) if (c.game === MINES) console.log(`mines, ${c.label}: ${fmt(Number(worstAnswers[i].gasUsed))}`);
  // The stub's dispatcher picks among more functions than GameRules': a few dozen gas too many.
  console.log(`of which calling alone (encoding, CALL, the callee's ABI decoding, returning): about ${fmt(Number(callOnly.gasUsed))}`);
  console.log("the first call of a transaction to GameRules adds 2,500 (a cold account, EIP-2929)");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
