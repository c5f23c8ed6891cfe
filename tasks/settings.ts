// The owner's settings: pause, the announced settler change, and the limit setters of the Casino
// and its swap desk.
// Each checks its input against the contract's public bounds and the signer being the owner
// before anything is sent.
import { getAddress, isAddress } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { checkBounds, type CommonArgs, done, loadContext, parseToken, requireOwner, simulateAndSend, type TxResult } from "./context";
import { formatAmount, formatBps, formatDuration, formatTime, formatWhen, parseAmount, parseDuration, parseInteger, TaskError } from "./format";

const seconds = (value: bigint) => `${formatDuration(value)} (${value} s)`;

export async function pauseTask(args: CommonArgs, hre: HardhatRuntimeEnvironment, pause: boolean): Promise<TxResult> {
  const action = pause ? "casino:pause" : "casino:unpause";
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const paused = await ctx.casino.paused();
  if (paused === pause) throw new TaskError(`${action} refused: new bets are ${paused ? "already paused" : "not paused"}`);
  const receipt = await simulateAndSend(ctx, action, pause ? ctx.casino.pause : ctx.casino.unpause);
  return done(pause ? `${action}: new bets are paused (settlement, claims, withdrawals and swaps go on)` : `${action}: new bets are open again`, receipt.hash);
}

interface SettlerArgs extends CommonArgs {
  action?: string;
  address?: string;
}

/**
 * Announces, cancels or executes a settler change, checking its timing before sending. The replaced
 * settler's countersignatures still place bets for CasinoSessions.RETIRED_SETTLER_GRACE, so the
 * server holding its key may stop once the change executes.
 */
export async function settlerTask(args: SettlerArgs, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const step = args.action ?? "";
  if (!["announce", "cancel", "execute"].includes(step)) throw new TaskError("casino:settler: --action must be announce, cancel or execute");
  const action = `casino:settler ${step}`;
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const { casino } = ctx;
  const [current, [pending, executableAt], lifetime, delay, latest] = await Promise.all([
    casino.settler(),
    casino.pendingSettlerChange(),
    casino.ANNOUNCEMENT_LIFETIME(),
    casino.announcementDelay(),
    hre.ethers.provider.getBlock("latest"),
  ]);
  const now = BigInt(latest!.timestamp);
  const announced = BigInt(pending) !== 0n;
  const lapsesAt = executableAt + lifetime;

  if (step === "announce") {
    if (!args.address || !isAddress(args.address)) throw new TaskError(`${action} refused: --address must be a 0x-prefixed 20-byte address`);
    const next = getAddress(args.address);
    if (BigInt(next) === 0n) throw new TaskError(`${action} refused: the zero address cannot settle`);
    if (next === current) throw new TaskError(`${action} refused: ${next} is already the settler`);
    const replaces = announced ? `, replacing the announced ${pending}` : "";
    const receipt = await simulateAndSend(ctx, action, casino.announceSettlerChange, next);
    const block = await hre.ethers.provider.getBlock(receipt.blockNumber);
    const at = BigInt(block!.timestamp) + delay;
    return done(
      `${action}: settler ${current} → ${next}${replaces}, executable from ${formatWhen(at, block!.timestamp)}, lapses ${formatTime(at + lifetime)}`,
      receipt.hash,
    );
  }
  if (args.address !== undefined) throw new TaskError(`${action} refused: --address belongs to announce only`);
  if (!announced) throw new TaskError(`${action} refused: no settler change is announced`);
  if (step === "cancel") {
    const receipt = await simulateAndSend(ctx, action, casino.cancelSettlerChange);
    return done(`${action}: the change of the settler to ${pending} is cancelled`, receipt.hash);
  }
  if (now < executableAt) throw new TaskError(`${action} refused: not executable until ${formatWhen(executableAt, now)}; it lapses ${formatTime(lapsesAt)}`);
  if (now > lapsesAt) throw new TaskError(`${action} refused: the announcement lapsed at ${formatTime(lapsesAt)}: announce it again`);
  const receipt = await simulateAndSend(ctx, action, casino.executeSettlerChange);
  const gas = await hre.ethers.provider.getBalance(pending);
  return done(`${action}: settler ${current} → ${pending} (its gas balance: ${formatAmount(gas)} BNB)`, receipt.hash);
}

export async function setMaxBetTask(args: CommonArgs & { token?: string; amount?: string }, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const action = "casino:set-max-bet";
  const symbol = parseToken(args.token);
  if (args.amount === undefined) throw new TaskError(`${action} refused: --amount is required`);
  const amount = parseAmount("amount", args.amount);
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const tokenAddress = ctx.tokenAddressOf(symbol);
  const [unit, units, before] = await Promise.all([ctx.casino.minBet(tokenAddress), ctx.casino.MAX_BET_UNITS(), ctx.casino.maxBetLimit(tokenAddress)]);
  const show = (value: bigint) => `${formatAmount(value)} ${symbol}`;
  checkBounds(action, "the max-bet ceiling", amount, unit, "the min bet", unit * units, `MAX_BET_UNITS × the min bet`, show);
  const applied = (amount / unit) * unit;
  const receipt = await simulateAndSend(ctx, action, ctx.casino.setMaxBetLimit, tokenAddress, amount);
  const rounded = applied === amount ? "" : ` (rounded down to a whole number of min bets)`;
  return done(`${action}: ${symbol} max-bet ceiling ${show(before)} → ${show(applied)}${rounded}`, receipt.hash);
}

export async function setRiskTask(args: CommonArgs & { perBet?: string; perPlayer?: string }, hre: HardhatRuntimeEnvironment): Promise<TxResult[]> {
  const action = "casino:set-risk";
  if (args.perBet === undefined && args.perPlayer === undefined) throw new TaskError(`${action} refused: give --per-bet and/or --per-player (bps)`);
  const perBet = args.perBet === undefined ? null : parseInteger("per-bet", args.perBet);
  const perPlayer = args.perPlayer === undefined ? null : parseInteger("per-player", args.perPlayer);
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const { casino } = ctx;
  const [[beforeBet, beforePlayer], maxRisk, maxPlayerRisk] = await Promise.all([casino.riskBps(), casino.MAX_RISK_BPS(), casino.MAX_PLAYER_RISK_BPS()]);
  // Both values are checked before either is sent.
  if (perBet !== null) checkBounds(action, "--per-bet", perBet, 1n, "1 bps", maxRisk, "MAX_RISK_BPS", formatBps);
  if (perPlayer !== null) checkBounds(action, "--per-player", perPlayer, 1n, "1 bps", maxPlayerRisk, "MAX_PLAYER_RISK_BPS", formatBps);
  const results: TxResult[] = [];
  if (perBet !== null) {
    const receipt = await simulateAndSend(ctx, action, casino.setRiskBps, perBet);
    results.push(done(`${action}: risk per bet ${formatBps(beforeBet)} → ${formatBps(perBet)} of the free bankroll`, receipt.hash));
  }
  if (perPlayer !== null) {
    const receipt = await simulateAndSend(ctx, action, casino.setPlayerRiskBps, perPlayer);
    results.push(done(`${action}: risk per player ${formatBps(beforePlayer)} → ${formatBps(perPlayer)} of the bankroll`, receipt.hash));
  }
  return results;
}

export async function setSettleWindowTask(args: CommonArgs & { window?: string }, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const action = "casino:set-settle-window";
  if (args.window === undefined) throw new TaskError(`${action} refused: --window is required (seconds, or e.g. 30m, 1h)`);
  const window = parseDuration("window", args.window);
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const { casino } = ctx;
  const [before, min, max] = await Promise.all([casino.settleWindow(), casino.MIN_SETTLE_WINDOW(), casino.MAX_SETTLE_WINDOW()]);
  checkBounds(action, "the settle window", window, min, "MIN_SETTLE_WINDOW", max, "MAX_SETTLE_WINDOW", seconds);
  const receipt = await simulateAndSend(ctx, action, casino.setSettleWindow, window);
  return done(`${action}: settle window ${seconds(before)} → ${seconds(window)}, for bets placed from now on`, receipt.hash);
}

export async function setAnnouncementDelayTask(args: CommonArgs & { delay?: string }, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const action = "casino:set-announcement-delay";
  if (args.delay === undefined) throw new TaskError(`${action} refused: --delay is required (seconds, or e.g. 12h, 2d)`);
  const delay = parseDuration("delay", args.delay);
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const { casino } = ctx;
  const [before, min, max] = await Promise.all([casino.announcementDelay(), casino.MIN_ANNOUNCEMENT_DELAY(), casino.MAX_ANNOUNCEMENT_DELAY()]);
  checkBounds(action, "the announcement delay", delay, min, "MIN_ANNOUNCEMENT_DELAY", max, "MAX_ANNOUNCEMENT_DELAY", seconds);
  const receipt = await simulateAndSend(ctx, action, casino.setAnnouncementDelay, delay);
  return done(`${action}: announcement delay ${seconds(before)} → ${seconds(delay)}, for announcements made from now on`, receipt.hash);
}

export async function setJackpotTermsTask(args: CommonArgs & { edgeBps?: string; shareBps?: string }, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const action = "casino:set-jackpot-terms";
  if (args.edgeBps === undefined && args.shareBps === undefined) throw new TaskError(`${action} refused: give --edge-bps and/or --share-bps`);
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const { casino } = ctx;
  const [[edgeBefore, shareBefore], maxEdge, maxShare] = await Promise.all([
    casino.jackpotTerms(),
    casino.MAX_JACKPOT_EDGE_BPS(),
    casino.MAX_JACKPOT_SHARE_BPS(),
  ]);
  const edge = args.edgeBps === undefined ? edgeBefore : parseInteger("edge-bps", args.edgeBps);
  const share = args.shareBps === undefined ? shareBefore : parseInteger("share-bps", args.shareBps);
  checkBounds(action, "--edge-bps", edge, 0n, "0 bps", maxEdge, "MAX_JACKPOT_EDGE_BPS", formatBps);
  checkBounds(action, "--share-bps", share, 1n, "1 bps", maxShare, "MAX_JACKPOT_SHARE_BPS", formatBps);
  const receipt = await simulateAndSend(ctx, action, casino.setJackpotTerms, edge, share);
  return done(
    `${action}: edge ${formatBps(edgeBefore)} → ${formatBps(edge)} of the stake, share ${formatBps(shareBefore)} → ${formatBps(share)} of the pool, for DEGEN bets placed from now on`,
    receipt.hash,
  );
}

export async function setSwapCapsTask(args: CommonArgs & { perSwapBps?: string; dailyBps?: string }, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const action = "casino:set-swap-caps";
  if (args.perSwapBps === undefined && args.dailyBps === undefined) throw new TaskError(`${action} refused: give --per-swap-bps and/or --daily-bps`);
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const { swapDesk } = ctx;
  const [[, perSwapBefore, dailyBefore], maxPerSwap, maxDaily] = await Promise.all([
    swapDesk.terms(),
    swapDesk.MAX_SWAP_CAP_BPS(),
    swapDesk.MAX_DAILY_CAP_BPS(),
  ]);
  const perSwap = args.perSwapBps === undefined ? perSwapBefore : parseInteger("per-swap-bps", args.perSwapBps);
  const daily = args.dailyBps === undefined ? dailyBefore : parseInteger("daily-bps", args.dailyBps);
  checkBounds(action, "--per-swap-bps", perSwap, 1n, "1 bps", maxPerSwap, "MAX_SWAP_CAP_BPS", formatBps);
  checkBounds(action, "--daily-bps", daily, perSwap, "the per-swap cap", maxDaily, "MAX_DAILY_CAP_BPS", formatBps);
  const receipt = await simulateAndSend(ctx, action, swapDesk.setCaps, perSwap, daily);
  return done(
    `${action}: per swap ${formatBps(perSwapBefore)} → ${formatBps(perSwap)}, a day ${formatBps(dailyBefore)} → ${formatBps(daily)} of the free bankroll paid out`,
    receipt.hash,
  );
}

export async function swapRateTask(args: CommonArgs & { action?: string; rate?: string }, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const step = args.action ?? "";
  if (!["announce", "cancel", "execute"].includes(step)) throw new TaskError("casino:swap-rate: --action must be announce, cancel or execute");
  const action = `casino:swap-rate ${step}`;
  const ctx = await loadContext(hre, args);
  await requireOwner(ctx, action);
  const { swapDesk } = ctx;
  const [[rate, , , pendingRate, executableAt], lifetime, delay, minRate, maxRate, latest] = await Promise.all([
    swapDesk.terms(),
    swapDesk.ANNOUNCEMENT_LIFETIME(),
    ctx.casino.announcementDelay(),
    swapDesk.MIN_RATE(),
    swapDesk.MAX_RATE(),
    hre.ethers.provider.getBlock("latest"),
  ]);
  const now = BigInt(latest!.timestamp);
  const lapsesAt = executableAt + lifetime;
  const perBnb = (value: bigint) => `${formatAmount(value, 0)} DEGEN per BNB`;

  if (step === "announce") {
    if (args.rate === undefined) throw new TaskError(`${action} refused: --rate is required (DEGEN per BNB)`);
    const newRate = parseInteger("rate", args.rate);
    checkBounds(action, "--rate", newRate, minRate, "MIN_RATE", maxRate, "MAX_RATE", perBnb);
    const replaces = pendingRate > 0n ? `, replacing the pending ${perBnb(pendingRate)}` : "";
    const receipt = await simulateAndSend(ctx, action, swapDesk.announceRate, newRate);
    const block = await hre.ethers.provider.getBlock(receipt.blockNumber);
    const at = BigInt(block!.timestamp) + delay;
    return done(
      `${action}: ${perBnb(rate)} → ${perBnb(newRate)}${replaces}, executable from ${formatWhen(at, block!.timestamp)}, lapses ${formatTime(at + lifetime)}`,
      receipt.hash,
    );
  }
  if (args.rate !== undefined) throw new TaskError(`${action} refused: --rate belongs to announce only`);
  if (pendingRate === 0n) throw new TaskError(`${action} refused: no rate is announced`);
  if (step === "cancel") {
    const receipt = await simulateAndSend(ctx, action, swapDesk.cancelRate);
    return done(`${action}: the announced ${perBnb(pendingRate)} is cancelled; the rate stays ${perBnb(rate)}`, receipt.hash);
  }
  if (now < executableAt) throw new TaskError(`${action} refused: not executable until ${formatWhen(executableAt, now)}; it lapses ${formatTime(lapsesAt)}`);
  if (now > lapsesAt) throw new TaskError(`${action} refused: the announcement lapsed at ${formatTime(lapsesAt)}: announce it again`);
  const receipt = await simulateAndSend(ctx, action, swapDesk.executeRate);
  return done(`${action}: swap rate ${perBnb(rate)} → ${perBnb(pendingRate)}`, receipt.hash);
}
