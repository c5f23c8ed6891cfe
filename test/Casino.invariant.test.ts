// Invariant fuzz: seeded random sequences of every public Casino operation over six players and
// both tokens. After each step the chain must equal the model exactly, and for each token the
// contract's holding must cover Σ vaults + Σ open stakes + bankroll (+ jackpot), with
// bankroll ≥ reserved. Reproduce a run with FUZZ_SEED=<seed> FUZZ_OPS=<count> npx hardhat test.
import { expect } from "chai";
import hre, { ethers, network } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, toBeHex, type Interface } from "ethers";
import { deployCasino, HashChain, NATIVE } from "./helpers";
import { CasinoModel, PlayerModel, TOKENS, MIN_BET, SETTLE_WINDOW, WITHDRAWAL_DELAY, maxPayout, paramsValid, type Token, type OpenBet } from "./fuzz/model";
import type { InvariantReader } from "../typechain-types";

const underCoverage = Boolean((hre as unknown as { __SOLIDITY_COVERAGE_RUNNING?: boolean }).__SOLIDITY_COVERAGE_RUNNING);
const SEED = Number(process.env.FUZZ_SEED ?? 0xdec0de);
const OPS = Number(process.env.FUZZ_OPS ?? (underCoverage ? 100 : 11_500));

/** mulberry32: small, fast and good enough to drive a fuzz reproducibly. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  /** A value in [0, max], biased towards small values so both tiny and large amounts occur. */
  amount(max: bigint): bigint {
    if (max <= 0n) return 0n;
    const ppm = BigInt(Math.floor(this.next() ** 3 * 1_000_000));
    return (max * ppm) / 1_000_000n;
  }
  bytes32(): string {
    let hex = "0x";
    for (let i = 0; i < 8; i++) hex += this.int(0x100000000).toString(16).padStart(8, "0");
    return hex;
  }
}

// The fuzz deploys from signer #19, which no other test uses: its nonce is 0 whatever ran before,
// so contract addresses, random words and jackpot draws are the same in any run of this seed.
function fuzzFixture() {
  return deployCasino(19);
}

interface Step {
  name: string;
  from: string;
  data: string;
  value?: bigint;
  error: string | null;
  apply: () => void;
}

describe("Casino invariant fuzz", function () {
  this.timeout(600_000);

  it(`holds the accounting invariant over ${OPS} seeded random operations`, async function () {
    const f = await loadFixture(fuzzFixture);
    const reader = (await (await ethers.getContractFactory("InvariantReader")).deploy()) as unknown as InvariantReader;
    const rng = new Rng(SEED);
    console.log(`      fuzz seed ${SEED} (0x${SEED.toString(16)}), ${OPS} operations`);
    const players = f.players.slice(0, 6);
    const model = new CasinoModel(players.map((p) => p.address), f.chainId, f.casinoAddress);
    const [bankDegen, bankNative] = await Promise.all([f.casino.house(f.tokenAddress), f.casino.house(NATIVE)]);
    model.bankroll = { DEGEN: bankDegen[0], BNB: bankNative[0] };
    model.jackpot = await f.casino.jackpotPool();
    for (const player of model.players) player.wallet = await f.token.balanceOf(player.address);
    const tokenAddress: Record<Token, string> = { DEGEN: f.tokenAddress, BNB: NATIVE };
    const iface: Interface = f.casino.interface;
    const owner = f.owner.address;
    const settler = f.settler.address;
    const stranger = f.stranger.address;
    let now = (await ethers.provider.getBlock("latest"))!.timestamp;
    let chainCounter = 0;
    const counts = new Map<string, { ok: number; reverted: number }>();

    const call = (fn: string, args: unknown[]) => iface.encodeFunctionData(fn, args);
    const oldestOpen = () => model.players.filter((p) => p.bets.length > 0);

    function depositStep(): Step {
      const player = rng.pick(model.players);
      const token = rng.pick(TOKENS);
      const amount = token === "DEGEN" ? rng.amount(player.wallet / 4n) : rng.amount(parseEther("3"));
      const error = amount === 0n ? "ZeroAmount" : token === "DEGEN" && amount > player.wallet ? "ERC20InsufficientBalance" : null;
      return {
        name: "deposit", from: player.address, data: call("deposit", [tokenAddress[token], amount]),
        value: token === "BNB" ? amount : 0n, error,
        apply: () => {
          player.vault[token] += amount;
          if (token === "DEGEN") player.wallet -= amount;
        },
      };
    }

    function withdrawStep(relayed: boolean): Step {
      const player = rng.pick(model.players);
      const token = rng.pick(TOKENS);
      const amount = rng.chance(0.1) ? player.vault[token] + 1n : rng.amount(player.vault[token]);
      const error = relayed && rng.chance(0.05) ? "NotSettler" : amount === 0n ? "ZeroAmount" : amount > player.vault[token] ? "InsufficientBalance" : null;
      const from = relayed ? (error === "NotSettler" ? stranger : settler) : player.address;
      return {
        name: relayed ? "withdrawFor" : "withdraw", from, error,
        data: relayed ? call("withdrawFor", [player.address, tokenAddress[token], amount]) : call("withdraw", [tokenAddress[token], amount]),
        apply: () => {
          player.vault[token] -= amount;
          if (token === "DEGEN") player.wallet += amount;
        },
      };
    }

    function swapStep(relayed: boolean): Step {
      const player = rng.pick(model.players);
      const fromToken = rng.pick(TOKENS);
      const amount = rng.chance(0.05) ? player.vault[fromToken] + 1n : rng.amount(player.vault[fromToken]);
      const error = model.swapError(player, fromToken, amount);
      return {
        name: relayed ? "swapFor" : "swap", from: relayed ? settler : player.address, error,
        data: relayed ? call("swapFor", [player.address, tokenAddress[fromToken], amount]) : call("swap", [tokenAddress[fromToken], amount]),
        apply: () => model.swap(player, fromToken, amount),
      };
    }

    function commitStep(): Step {
      const player = rng.pick(model.players);
      const length = 8 + rng.int(120);
      const chain = new HashChain(`fuzz ${SEED} ${chainCounter++}`, length);
      const error = player.resolved !== player.nextNonce ? "OpenBetExists" : null;
      return {
        name: "setCommitment", from: settler, data: call("setCommitment", [player.address, chain.commit, length]), error,
        apply: () => {
          player.chain = chain;
          player.chainStart = player.nextNonce;
          player.chainEnd = player.nextNonce + BigInt(length);
          player.head = player.nextNonce;
          player.commit = chain.commit;
          player.root = chain.commit;
        },
      };
    }

    function randomParams(gameType: number): number {
      if (rng.chance(0.04)) return rng.pick([0, 1, 3, 100, 1023, 1024, 10_001]);
      switch (gameType) {
        case 0: {
          let mask = 0;
          while (mask === 0 || !paramsValid(0, mask)) mask = 1 + rng.int(1023);
          return mask;
        }
        case 3:
          return rng.int(3);
        case 4:
          return rng.chance(0.3) ? 0 : 101 + rng.int(9_900);
        default:
          return 0;
      }
    }

    function playStep(): Step {
      const player = rng.pick(model.players);
      const token = rng.pick(TOKENS);
      const gameType = rng.chance(0.01) ? 5 : rng.chance(0.3) ? 2 : rng.int(5);
      const params = randomParams(gameType);
      const max = gameType < 5 ? model.maxBet(token, gameType) : 0n;
      const roll = rng.next();
      const amount = roll < 0.03 ? MIN_BET[token] - 1n : roll < 0.06 ? max + 1n : MIN_BET[token] + rng.amount(max > MIN_BET[token] ? (max - MIN_BET[token]) / 4n : 0n);
      const fromWallet = rng.chance(0.4);
      const value = token === "BNB" && fromWallet ? (rng.chance(0.03) ? amount + 1n : amount) : token === "DEGEN" && rng.chance(0.01) ? 1n : 0n;
      const commitChoice = rng.next();
      const expectedCommit = commitChoice < 0.04 ? rng.bytes32() : commitChoice < 0.3 ? player.root : player.commit;
      const clientSeed = rng.bytes32();
      let error: string | null = null;
      if (model.paused) error = "IsPaused";
      else if (gameType >= 5) error = "InvalidGameType";
      else if (!paramsValid(gameType, params)) error = "InvalidParams";
      else if (amount < MIN_BET[token]) error = "BetTooSmall";
      else if (amount > max) error = "BetTooLarge";
      else if (player.chain === null) error = "NoCommitment";
      else if (expectedCommit !== player.commit && expectedCommit !== player.root) error = "StaleCommitment";
      else if (player.nextNonce >= player.chainEnd) error = "ChainExhausted";
      else error = model.stakeError(player, token, amount, value);
      return {
        name: `playGame`, from: player.address, value, error,
        data: call("playGame", [tokenAddress[token], amount, gameType, params, clientSeed, expectedCommit]),
        apply: () => {
          model.takeStake(player, token, amount, value);
          model.place(player, token, amount, gameType, clientSeed, now);
        },
      };
    }

    function settleStep(): Step | null {
      const candidates = oldestOpen();
      if (candidates.length === 0) return null;
      const player = rng.pick(candidates);
      let bet = player.bets[0];
      let seed = player.seedFor(bet.nonce);
      let payout = rng.chance(0.5) ? 0n : rng.chance(0.1) ? maxPayout(bet) : rng.amount(maxPayout(bet));
      let from = settler;
      let error: string | null = null;
      const fault = rng.next();
      if (fault < 0.02) [from, error] = [stranger, "NotSettler"];
      else if (fault < 0.04) [seed, error] = [rng.bytes32(), "WrongSeed"];
      else if (fault < 0.06) [payout, error] = [maxPayout(bet) + 1n, "PayoutAboveReservation"];
      else if (fault < 0.08 && player.bets.length > 1) {
        bet = player.bets[1];
        seed = player.seedFor(bet.nonce);
        error = "OutOfOrder";
      }
      return {
        name: "settle", from, error, data: call("settle", [bet.betId, seed, payout]),
        apply: () => void model.settle(player, seed, payout),
      };
    }

    function settleBatchStep(): Step | null {
      const batch: { player: PlayerModel; bet: OpenBet; seed: string; payout: bigint }[] = [];
      for (const player of oldestOpen()) {
        const take = 1 + rng.int(player.bets.length);
        for (const bet of player.bets.slice(0, take)) {
          batch.push({ player, bet, seed: player.seedFor(bet.nonce), payout: rng.chance(0.5) ? 0n : rng.amount(maxPayout(bet)) });
        }
      }
      if (batch.length === 0) return null;
      const chosen = batch.slice(0, 1 + rng.int(Math.min(batch.length, 20)));
      let error: string | null = null;
      if (rng.chance(0.05)) {
        chosen[chosen.length - 1].payout = maxPayout(chosen[chosen.length - 1].bet) + 1n;
        error = "PayoutAboveReservation";
      }
      return {
        name: "settleBatch", from: settler, error,
        data: call("settleBatch", [chosen.map((c) => c.bet.betId), chosen.map((c) => c.seed), chosen.map((c) => c.payout)]),
        apply: () => chosen.forEach((c) => model.settle(c.player, c.seed, c.payout)),
      };
    }

    function claimStep(): Step | null {
      const candidates = oldestOpen();
      if (candidates.length === 0) return null;
      const player = rng.pick(candidates);
      const index = rng.chance(0.8) ? 0 : rng.int(player.bets.length);
      const bet = player.bets[index];
      const intruder = rng.chance(0.03);
      let error: string | null = null;
      if (intruder) error = "NotBetPlayer";
      else if (now + 1 < bet.placedAt + SETTLE_WINDOW) error = "NotExpired";
      else if (index !== 0) error = "OutOfOrder";
      return {
        name: "claimExpired", from: intruder ? stranger : player.address, error, data: call("claimExpired", [bet.betId]),
        apply: () => model.claim(player),
      };
    }

    function splitStep(): Step | null {
      const candidates = oldestOpen();
      if (candidates.length === 0) return null;
      const player = rng.pick(candidates);
      const blackjacks = player.bets.filter((b) => b.gameType === 2 && !b.split);
      const bet = blackjacks.length > 0 && rng.chance(0.9) ? rng.pick(blackjacks) : rng.pick(player.bets);
      const value = bet.token === "BNB" && rng.chance(0.5) ? bet.stake : 0n;
      let error: string | null = null;
      if (bet.gameType !== 2) error = "NotBlackjack";
      else if (bet.split) error = "AlreadySplit";
      else if (now + 1 >= bet.placedAt + SETTLE_WINDOW) error = "BetExpired";
      else if (model.splitExtra(bet) > model.free(bet.token)) error = "InsufficientBankroll";
      else error = model.stakeError(player, bet.token, bet.stake, value);
      return {
        name: "addStake", from: player.address, value, error, data: call("addStake", [bet.betId]),
        apply: () => {
          model.takeStake(player, bet.token, bet.stake, value);
          model.split(bet);
        },
      };
    }

    function fundStep(): Step {
      const token = rng.pick(TOKENS);
      if (token === "DEGEN" && rng.chance(0.3)) {
        const amount = 1n + rng.amount(parseEther("50000"));
        return { name: "fundJackpot", from: owner, error: null, data: call("fundJackpot", [amount]), apply: () => void (model.jackpot += amount) };
      }
      const amount = 1n + (token === "DEGEN" ? rng.amount(parseEther("500000")) : rng.amount(parseEther("50")));
      return {
        name: "fundBankroll", from: owner, value: token === "BNB" ? amount : 0n, error: null,
        data: call("fundBankroll", [tokenAddress[token], amount]), apply: () => void (model.bankroll[token] += amount),
      };
    }

    function bankrollWithdrawalStep(): Step {
      const token = rng.pick(TOKENS);
      const pending = model.pending[token];
      const roll = rng.next();
      if (roll < 0.4 || pending === null) {
        const amount = rng.chance(0.1) ? model.free(token) + 1n : 1n + rng.amount(model.free(token) / 3n);
        return {
          name: "announceBankrollWithdrawal", from: owner, error: null, data: call("announceBankrollWithdrawal", [tokenAddress[token], amount]),
          apply: () => void (model.pending[token] = { amount, executableAt: now + WITHDRAWAL_DELAY }),
        };
      }
      if (roll < 0.5) {
        return { name: "cancelBankrollWithdrawal", from: owner, error: null, data: call("cancelBankrollWithdrawal", [tokenAddress[token]]), apply: () => void (model.pending[token] = null) };
      }
      const error = now + 1 < pending.executableAt ? "WithdrawalNotReady" : pending.amount > model.free(token) ? "InsufficientBankroll" : null;
      return {
        name: "executeBankrollWithdrawal", from: owner, error, data: call("executeBankrollWithdrawal", [tokenAddress[token]]),
        apply: () => {
          model.bankroll[token] -= pending.amount;
          model.pending[token] = null;
        },
      };
    }

    function pauseStep(): Step {
      const fn = model.paused ? "unpause" : "pause";
      return { name: fn, from: owner, error: null, data: call(fn, []), apply: () => void (model.paused = !model.paused) };
    }

    // A pause lasts a few operations: resuming is drawn far more often than pausing.
    const generators: [number | (() => number), () => Step | null][] = [
      [10, depositStep],
      [7, () => withdrawStep(false)],
      [3, () => withdrawStep(true)],
      [3, () => swapStep(false)],
      [2, () => swapStep(true)],
      [5, commitStep],
      [26, playStep],
      [14, settleStep],
      [5, settleBatchStep],
      [4, claimStep],
      [4, splitStep],
      [2, fundStep],
      [3, bankrollWithdrawalStep],
      [() => (model.paused ? 12 : 1), pauseStep],
    ];
    const TIME_TRAVEL_WEIGHT = 4;
    const weightOf = (weight: number | (() => number)) => (typeof weight === "number" ? weight : weight());

    async function send(step: Step): Promise<string | null> {
      now += 1;
      await network.provider.send("evm_setNextBlockTimestamp", [toBeHex(now)]);
      try {
        await network.provider.send("eth_sendTransaction", [
          { from: step.from, to: f.casinoAddress, data: step.data, value: toBeHex(step.value ?? 0n), gas: toBeHex(3_000_000) },
        ]);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }

    const readerAddress = await reader.getAddress();
    const readerIface = reader.interface;
    const playerAddresses = model.players.map((p) => p.address);

    function same(actual: bigint, expected: bigint, what: string): void {
      if (actual !== expected) throw new Error(`${what}: chain ${actual} != model ${expected}`);
    }

    async function checkInvariant(op: number, name: string): Promise<void> {
      const open = model.openBets();
      const data = readerIface.encodeFunctionData("read", [f.casinoAddress, playerAddresses, open.map((b) => b.betId)]);
      const raw: string = await network.provider.send("eth_call", [{ to: readerAddress, data }, "latest"]);
      const [degen, native, jackpot] = readerIface.decodeFunctionResult("read", raw);
      const where = `op ${op} (${name}), seed ${SEED}`;
      for (const [token, state] of [["DEGEN", degen], ["BNB", native]] as const) {
        const owed = state.vaultSum + state.openStakes + state.bankroll + (token === "DEGEN" ? jackpot : 0n);
        if (state.holding < owed) throw new Error(`${where}: ${token} holding ${state.holding} < owed ${owed}`);
        if (state.bankroll < state.reserved) throw new Error(`${where}: ${token} bankroll ${state.bankroll} < reserved ${state.reserved}`);
        same(state.reserved, state.openMaxPayouts, `${where}: ${token} reserved vs open bets' max payouts`);
        same(state.bankroll, model.bankroll[token], `${where}: ${token} bankroll`);
        same(state.reserved, model.reserved[token], `${where}: ${token} reserved`);
        const modelStakes = open.filter((b) => b.token === token).reduce((sum, b) => sum + (b.split ? 2n : 1n) * b.stake, 0n);
        same(state.openStakes, modelStakes, `${where}: ${token} open stakes`);
        (state.vaults as bigint[]).forEach((v, i) => same(v, model.players[i].vault[token], `${where}: ${token} vault of player ${i}`));
      }
      same(jackpot, model.jackpot, `${where}: jackpot`);
    }

    let timeJumps = 0;
    for (let op = 0; op < OPS; op++) {
      const weights = generators.map(([weight]) => weightOf(weight));
      let pick = rng.int(weights.reduce((sum, w) => sum + w, TIME_TRAVEL_WEIGHT));
      let step: Step | null = null;
      for (const [index, [, generate]] of generators.entries()) {
        if (pick < weights[index]) {
          step = generate();
          break;
        }
        pick -= weights[index];
      }
      if (step === null) {
        // time travel (also chosen when the drawn operation had nothing to act on)
        now += rng.pick([1, 30, 300, 900, 1800, 3600, 7200, 86_400]);
        timeJumps++;
        continue;
      }
      const failure = await send(step);
      const tally = counts.get(step.name) ?? { ok: 0, reverted: 0 };
      counts.set(step.name, tally);
      if (step.error === null) {
        if (failure !== null) throw new Error(`op ${op} ${step.name} reverted unexpectedly (seed ${SEED}): ${failure}`);
        step.apply();
        tally.ok++;
      } else {
        if (failure === null) throw new Error(`op ${op} ${step.name} should revert with ${step.error} (seed ${SEED})`);
        if (!failure.includes(step.error)) throw new Error(`op ${op} ${step.name}: expected ${step.error}, got ${failure} (seed ${SEED})`);
        tally.reverted++;
      }
      await checkInvariant(op, step.name);
    }

    const summary = [...counts.entries()].map(([name, c]) => `${name} ${c.ok}/${c.reverted}`).join(", ");
    const transactions = [...counts.values()].reduce((sum, c) => sum + c.ok + c.reverted, 0);
    console.log(`      ${transactions} transactions + ${timeJumps} time jumps; ok/reverted: ${summary}; jackpot hits ${model.jackpotHits}`);
    // Under coverage the run is too short for every operation to have succeeded.
    if (underCoverage) return;
    for (const name of ["playGame", "settle", "settleBatch", "claimExpired", "addStake", "swap", "withdrawFor", "executeBankrollWithdrawal"]) {
      expect(counts.get(name)?.ok ?? 0, `${name} succeeded at least once`).to.be.greaterThan(0);
    }
  });
});
