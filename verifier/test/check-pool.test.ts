import { keccak256, parseEther, toBeHex } from "ethers";
import { describe, expect, it } from "vitest";
import { GameType } from "../../engine/src/index";
import { createDeferredAudit, type AuditOptions, type AuditResult } from "../src/audit";
import { decodeCall } from "../src/calls";
import { CheckPool } from "../src/check-pool";
import { withInputs } from "../src/transactions";
import type { BetCheck } from "../src/types";
import { audit } from "./support/audit";
import { CASINO, CHAIN_ID, DEGEN, History, SESSIONS } from "./support/history";

const FULL: AuditOptions = { chainId: CHAIN_ID, casino: CASINO, sessions: SESSIONS, degen: DEGEN, fromDeployment: true };
const PLAYERS = [0, 1, 2].map(History.player);
const GAMES = [
  { gameType: GameType.WHEEL, params: 0b101n },
  { gameType: GameType.SLOTS, params: 0n },
  { gameType: GameType.KICKBOXING, params: 2n },
  { gameType: GameType.CRASH, params: 250n },
];

/**
 * 700 bets of three players, with faults of every kind the audit and checkBet find, spread through;
 * every ninth a one-click bet (every 45th relayed otherwise than signed), its ticket drawn.
 */
function faultyHistory(): History {
  const history = new History();
  history.fundJackpot(parseEther("1000"));
  for (const player of PLAYERS) history.commit(player!, 1000);
  for (const player of PLAYERS) history.openSession(player!);
  for (let i = 0; i < 700; i++) {
    const player = PLAYERS[i % PLAYERS.length]!;
    if (i % 9 === 4) {
      const [bet] = history.play([{ player, ...GAMES[i % GAMES.length]!, signedAs: i % 45 === 4 ? { params: 7n } : {} }]);
      history.drawTickets([bet!].filter((placed) => placed.token === DEGEN));
      continue;
    }
    const bet = history.place(player, {
      ...GAMES[i % GAMES.length]!,
      token: i % 3 === 0 ? "BNB" : "DEGEN",
      amount: i % 3 === 0 ? parseEther("0.01") : undefined,
    });
    if (i % 97 === 5) history.lock(bet, keccak256(toBeHex(i, 32)));
    if (i % 113 === 13) {
      // Settled out of nonce order: the later bet first.
      history.settle(history.place(player, { gameType: GameType.SLOTS }));
      history.settle(bet);
    } else if (i % 41 === 7) history.claim(bet, i % 82 === 7 ? { payout: 1n } : {});
    else if (i % 37 === 3) history.settle(bet, { payout: 123n });
    else if (i % 53 === 9) history.settle(bet, { seed: keccak256(toBeHex(i, 32)) });
    else if (i % 71 === 11) history.settle(bet, { random: keccak256(toBeHex(i + 1, 32)) });
    else history.settle(bet);
  }
  return history;
}

async function auditOnWorkers(history: History, options: AuditOptions, workers = 2): Promise<AuditResult> {
  const checker = new CheckPool(options, workers);
  try {
    const deferred = createDeferredAudit(options, (bet) => checker.add(withInputs(bet, (tx) => decodeCall(history.transactions.get(tx), options))));
    // In parts, as chunks of logs arrive.
    for (let i = 0; i < history.events.length; i += 150) deferred.add(history.events.slice(i, i + 150));
    deferred.end();
    return deferred.finish(await checker.results());
  } finally {
    await checker.close();
  }
}

describe("checking bets on worker threads", () => {
  it("gives the audit this thread gives: every result and every problem, in chain order", async () => {
    const history = faultyHistory();
    const here = audit(history.events, FULL, history.transactions);
    const onWorkers = await auditOnWorkers(history, FULL);
    expect(new Set(here.problems.map((problem) => problem.kind))).toEqual(new Set(["payout", "claim", "link", "word", "entropy", "order", "signature"]));
    expect(here.bets.filter((bet) => bet.placement.via === "session" && bet.checks.signed === "exact").length).toBeGreaterThan(50);
    expect(onWorkers).toEqual(here);
    // A bet's problems are the very objects of the run's list, as on this thread.
    expect(onWorkers.bets.flatMap((bet) => bet.problems).every((problem) => onWorkers.problems.includes(problem))).toBe(true);
  });

  it("gives the same for one player's view", async () => {
    const history = faultyHistory();
    const options = { ...FULL, player: PLAYERS[1]! };
    expect(await auditOnWorkers(history, options)).toEqual(audit(history.events, options, history.transactions));
  });

  it("gives the same with no worker (--workers 0), this thread checking every batch", async () => {
    const history = faultyHistory();
    expect(await auditOnWorkers(history, FULL, 0)).toEqual(audit(history.events, FULL, history.transactions));
  });

  it("gives the same when this thread checks the batches a busy worker has no room for", async () => {
    const history = faultyHistory();
    const checks: BetCheck[] = [];
    const deferred = createDeferredAudit(FULL, (bet) => checks.push(withInputs(bet, (tx) => decodeCall(history.transactions.get(tx), FULL))));
    deferred.add(history.events);
    deferred.end();
    const checker = new CheckPool(FULL, 1);
    try {
      // Three batches at once, in one go: the worker holds two, so this thread checks the third.
      for (const check of checks) checker.add(check);
      const result = deferred.finish(await checker.results());
      expect(checker.batchesCheckedHere).toBe(1);
      expect(result).toEqual(audit(history.events, FULL, history.transactions));
    } finally {
      await checker.close();
    }
  });
});
