// Shared by test/rules/*.test.ts and bench/rules-gas.ts: the engine's answers (engine/scripts/rules-cases.ts,
// run with tsx because these CommonJS files cannot import the ESM engine) and a GameRules with its
// harness, which runs hundreds of bets in one eth_call.
import { execFileSync, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";
import { ethers } from "hardhat";
import type { GameRules, GameRulesHarness } from "../../typechain-types";

export const ROOT = path.join(__dirname, "..", "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

/** One bet with the engine's answer (engine/scripts/rules-cases.ts RuleCase). */
export interface RuleCase {
  game: number;
  label: string;
  params: string;
  isNative: boolean;
  stake: string;
  word: string;
  actions: string;
  payout: string | null;
  error?: { name: string; index?: number };
  /** A blackjack hand whose split was staked: run through GameRules.splitStakedPayout, as the Casino does. */
  splitStaked?: boolean;
}

export interface RuleCases {
  seed: string;
  cases: RuleCase[];
  worst?: RuleCase[];
}

/** A line of engine/scripts/rules-cases.ts: one game's cases, or (--bench) the costliest bets. */
export interface RuleCasesChunk extends RuleCases {
  game?: number;
}

/**
 * Runs engine/scripts/rules-cases.ts (see there for what it draws) and yields its output game by
 * game as it is printed, so that a game's bets can run while the engine works on the next.
 */
export async function* engineCaseStream(seed: bigint, count: number, extra: string[] = []): AsyncGenerator<RuleCasesChunk> {
  const args = ["engine/scripts/rules-cases.ts", "--seed", seed.toString(), "--count", String(count), ...extra];
  const child = spawn(TSX, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  // readline's iterator buffers every line: the script never waits for this reader.
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) if (line) yield JSON.parse(line) as RuleCasesChunk;
  const code = await exited;
  if (code !== 0) throw new Error(`engine/scripts/rules-cases.ts exited with ${code}: ${stderr}`);
}

/** All of engine/scripts/rules-cases.ts's output at once. */
export async function engineCases(seed: bigint, count: number, extra: string[] = []): Promise<RuleCases> {
  const all: RuleCases = { seed: seed.toString(), cases: [] };
  for await (const chunk of engineCaseStream(seed, count, extra)) {
    all.cases.push(...chunk.cases);
    if (chunk.worst) all.worst = chunk.worst;
  }
  return all;
}

/** Runs a TypeScript snippet against the engine (`import … from "./engine/src/index.ts"`) and parses what it prints as JSON. */
export function engineEval<T>(script: string): T {
  return JSON.parse(execFileSync(TSX, ["-e", script], { cwd: ROOT, maxBuffer: 1 << 30 }).toString()) as T;
}

export interface Deployed {
  rules: GameRules;
  harness: GameRulesHarness;
}

export async function deployRules(): Promise<Deployed> {
  const rules = (await (await ethers.getContractFactory("GameRules")).deploy()) as unknown as GameRules;
  const harness = (await (await ethers.getContractFactory("GameRulesHarness")).deploy(await rules.getAddress())) as unknown as GameRulesHarness;
  return { rules, harness };
}

/** What the contract answered to one bet: a payout, or the error it reverted with (name and arguments). */
export interface Answer {
  payout: bigint | null;
  gasUsed: bigint;
  error?: { name: string; args: readonly unknown[] };
}

const hexOf = (value: bigint) => value.toString(16).padStart(64, "0");

/** A case as the harness's packed bet (GameRulesHarness.run): header of 100 bytes, then the actions. */
function packBet(c: RuleCase): string {
  const actions = c.actions.slice(2);
  const flags = (c.isNative ? 0x01 : 0) | (c.splitStaked ? 0x80 : 0);
  const header = [c.game.toString(16).padStart(2, "0"), flags.toString(16).padStart(2, "0"), (actions.length / 2).toString(16).padStart(4, "0")].join("");
  return header + hexOf(BigInt(c.params)) + hexOf(BigInt(c.stake)) + c.word.slice(2).toLowerCase() + actions;
}

const WORD = 64;

/** About what one bet of each game costs (bench/rules-gas.ts measures it), to size the batches. */
const GAS_ESTIMATE = [2_500, 7_500, 17_000, 12_000, 2_500];
/**
 * Gas per eth_call. Hardhat's EDR records every step of every call, and that record costs more per
 * step the longer the call (on this repository's 2-core machine 2,000 kickboxing bets took 0.8 s in
 * calls of 25 bets and 7 s in calls of 400, with 3 GB of memory): many small calls it is.
 */
const BATCH_GAS = 100_000;

/** Every case through GameRules.payout, in eth_calls of about `batchGas` gas. */
export async function runCases({ rules, harness }: Deployed, cases: readonly RuleCase[], batchGas = BATCH_GAS): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < cases.length;) {
    let end = i;
    for (let gas = 0; end < cases.length && gas < batchGas; end++) gas += GAS_ESTIMATE[cases[end].game] ?? batchGas;
    const packed = "0x" + cases.slice(i, end).map(packBet).join("");
    i = end;
    // Just under EIP-7825's cap of 2^24 gas per call, which Hardhat enforces on eth_call too.
    const out = (await harness.run(packed, { gasLimit: 16_000_000 })).slice(2);
    for (let at = 0; at < out.length; at += 4 * WORD) {
      const [head, arg0, arg1, gasUsed] = [0, 1, 2, 3].map((k) => out.slice(at + k * WORD, at + (k + 1) * WORD));
      if (BigInt("0x" + head) === 0n) answers.push({ payout: BigInt("0x" + arg0), gasUsed: BigInt("0x" + gasUsed) });
      else answers.push({ payout: null, gasUsed: BigInt("0x" + gasUsed), error: decodeError(rules, "0x" + head.slice(0, 8), "0x" + arg0 + arg1) });
    }
  }
  return answers;
}

/** An error from its selector and first two argument words (a `bytes` argument is left undecoded). */
function decodeError(rules: GameRules, selector: string, head: string): { name: string; args: readonly unknown[] } {
  const fragment = rules.interface.getError(selector);
  if (!fragment) return { name: `unknown error ${selector}`, args: [] };
  if (fragment.inputs.some((input) => input.type === "bytes")) return { name: fragment.name, args: [] };
  return { name: fragment.name, args: ethers.AbiCoder.defaultAbiCoder().decode(fragment.inputs, head).toArray() };
}

/** Whether the network runs under solidity-coverage (instrumented code: slow and costly). */
export function underCoverage(hre: unknown): boolean {
  return Boolean((hre as { __SOLIDITY_COVERAGE_RUNNING?: boolean }).__SOLIDITY_COVERAGE_RUNNING);
}
