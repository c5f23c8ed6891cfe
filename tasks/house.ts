// casino:fund and casino:withdrawal — money into and out of the house.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { type CommonArgs, done, loadContext, parseToken, requireOwner, requireSigner, simulateAndSend, type TxResult } from "./context";
import { formatAmount, formatTime, formatWhen, parseAmount, TaskError } from "./format";

interface FundArgs extends CommonArgs {
  token?: string;
  amount?: string;
  jackpot: boolean;
}

/** Funds the bankroll of a token, or the DEGEN jackpot, from the signer's wallet (anyone may fund). */
export async function fundTask(args: FundArgs, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const action = "casino:fund";
  const symbol = parseToken(args.token);
  if (args.amount === undefined) throw new TaskError(`${action} refused: --amount is required`);
  const amount = parseAmount("amount", args.amount);
  if (amount === 0n) throw new TaskError(`${action} refused: --amount must be above 0`);
  if (args.jackpot && symbol !== "DEGEN") throw new TaskError(`${action} refused: the jackpot is paid in DEGEN only`);
  const ctx = await loadContext(hre, args);
  const signer = requireSigner(ctx, action);
  const { casino, token } = ctx;
  const target = args.jackpot ? "the jackpot" : `the ${symbol} bankroll`;

  if (symbol === "BNB") {
    const balance = await hre.ethers.provider.getBalance(signer.address);
    if (balance <= amount)
      throw new TaskError(`${action} refused: ${signer.address} holds ${formatAmount(balance)} BNB, not enough for ${formatAmount(amount)} plus gas`);
    const receipt = await simulateAndSend(ctx, action, casino.fundBankroll, ctx.tokenAddressOf("BNB"), amount, { value: amount });
    const [bankroll] = await casino.house(ctx.tokenAddressOf("BNB"));
    return done(`${action}: funded ${target} with ${formatAmount(amount)} BNB (bankroll now ${formatAmount(bankroll)} BNB)`, receipt.hash);
  }

  const balance = await token.balanceOf(signer.address);
  if (balance < amount) throw new TaskError(`${action} refused: ${signer.address} holds ${formatAmount(balance)} DEGEN, ${formatAmount(amount)} needed`);
  let approval = "";
  if ((await token.allowance(signer.address, ctx.casinoAddress)) < amount) {
    const receipt = await simulateAndSend(ctx, `${action} (approve)`, token.approve, ctx.casinoAddress, amount);
    approval = ` after approving the Casino for it (tx ${receipt.hash})`;
  }
  if (args.jackpot) {
    const receipt = await simulateAndSend(ctx, action, casino.fundJackpot, amount);
    return done(
      `${action}: funded the jackpot with ${formatAmount(amount)} DEGEN${approval} (pool now ${formatAmount(await casino.jackpotPool())} DEGEN)`,
      receipt.hash,
    );
  }
  const receipt = await simulateAndSend(ctx, action, casino.fundBankroll, ctx.tokenAddress, amount);
  const [bankroll] = await casino.house(ctx.tokenAddress);
  return done(`${action}: funded ${target} with ${formatAmount(amount)} DEGEN${approval} (bankroll now ${formatAmount(bankroll)} DEGEN)`, receipt.hash);
}

interface WithdrawalArgs extends CommonArgs {
  action?: string;
  token?: string;
  amount?: string;
}

/** Announces, cancels or executes a bankroll withdrawal, checking its timing before sending. */
export async function withdrawalTask(args: WithdrawalArgs, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const step = args.action ?? "";
  if (!["announce", "cancel", "execute"].includes(step)) throw new TaskError("casino:withdrawal: --action must be announce, cancel or execute");
  const action = `casino:withdrawal ${step}`;
  const symbol = parseToken(args.token);
  const ctx = await loadContext(hre, args);
  const owner = await requireOwner(ctx, action);
  const { casino } = ctx;
  const tokenAddress = ctx.tokenAddressOf(symbol);
  const [[bankroll, reserved], [pendingAmount, executableAt], lifetime, delay, latest] = await Promise.all([
    casino.house(tokenAddress),
    casino.pendingWithdrawal(tokenAddress),
    casino.ANNOUNCEMENT_LIFETIME(),
    casino.announcementDelay(),
    hre.ethers.provider.getBlock("latest"),
  ]);
  const now = BigInt(latest!.timestamp);
  const free = bankroll - reserved;
  const lapsesAt = executableAt + lifetime;

  if (step === "announce") {
    if (args.amount === undefined) throw new TaskError(`${action} refused: --amount is required`);
    const amount = parseAmount("amount", args.amount);
    if (amount === 0n) throw new TaskError(`${action} refused: --amount must be above 0`);
    if (amount > free) throw new TaskError(`${action} refused: ${formatAmount(amount)} ${symbol} is above the free bankroll (${formatAmount(free)} ${symbol})`);
    const replaces = pendingAmount > 0n ? `, replacing the pending ${formatAmount(pendingAmount)} ${symbol}` : "";
    const receipt = await simulateAndSend(ctx, action, casino.announceBankrollWithdrawal, tokenAddress, amount);
    const block = await hre.ethers.provider.getBlock(receipt.blockNumber);
    const at = BigInt(block!.timestamp) + delay;
    return done(
      `${action}: ${formatAmount(amount)} ${symbol} to the owner${replaces}, executable from ${formatWhen(at, block!.timestamp)}, lapses ${formatTime(at + lifetime)}`,
      receipt.hash,
    );
  }
  if (args.amount !== undefined) throw new TaskError(`${action} refused: --amount belongs to announce only`);
  if (pendingAmount === 0n) throw new TaskError(`${action} refused: no ${symbol} withdrawal is announced`);
  if (step === "cancel") {
    const receipt = await simulateAndSend(ctx, action, casino.cancelBankrollWithdrawal, tokenAddress);
    return done(`${action}: the withdrawal of ${formatAmount(pendingAmount)} ${symbol} is cancelled`, receipt.hash);
  }
  if (now < executableAt) {
    throw new TaskError(`${action} refused: not executable until ${formatWhen(executableAt, now)}; it lapses ${formatTime(lapsesAt)}`);
  }
  if (now > lapsesAt) throw new TaskError(`${action} refused: the announcement lapsed at ${formatTime(lapsesAt)}: announce it again`);
  if (pendingAmount > free) {
    throw new TaskError(
      `${action} refused: ${formatAmount(pendingAmount)} ${symbol} is above the free bankroll now (${formatAmount(free)} ${symbol}); wait for open bets to settle`,
    );
  }
  const receipt = await simulateAndSend(ctx, action, casino.executeBankrollWithdrawal, tokenAddress);
  return done(
    `${action}: ${formatAmount(pendingAmount)} ${symbol} sent from the bankroll to the owner ${owner.address} (bankroll now ${formatAmount(bankroll - pendingAmount)} ${symbol})`,
    receipt.hash,
  );
}
