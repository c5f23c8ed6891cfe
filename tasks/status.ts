// casino:status — the house's state per token, the limits, the swap desk, pending announcements,
// the oldest open bet and the settler's lag, the token locks.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { type CasinoContext, loadContext, NATIVE, TOKENS, type CommonArgs, type TokenSymbol } from "./context";
import { formatAmount, formatBps, formatDuration, formatTime, formatWhen, parseInteger, table, TaskError } from "./format";

/** The bets of the max-bet table: each game at its most played params. */
export const MAX_BET_GAMES = [
  { label: "wheel, 1 colour", gameType: 0, params: 1n },
  { label: "wheel, 5 colours", gameType: 0, params: 31n },
  { label: "slots", gameType: 1, params: 0n },
  { label: "blackjack", gameType: 2, params: 0n },
  { label: "kickboxing, a fighter", gameType: 3, params: 0n },
  { label: "kickboxing, a tie", gameType: 3, params: 2n },
  { label: "crash, manual cash-out", gameType: 4, params: 0n },
  { label: "crash, auto 2.00x", gameType: 4, params: 200n },
] as const;

/** The max-bet table's decimals (rounded down: a stake up to the figure shown is accepted). */
export const MAX_BET_DECIMALS = 6;
export const DEFAULT_LOG_CHUNK = 5_000;
/** Without a deployment block (--casino of another deployment), how far back the bet scan looks. */
export const DEFAULT_SCAN_DEPTH = 100_000;

export interface Announcement {
  amount: bigint;
  executableAt: bigint;
  lapsesAt: bigint;
  state: "waiting" | "executable" | "lapsed";
}

export interface TokenStatus {
  address: string;
  bankroll: bigint;
  reserved: bigint;
  free: bigint;
  accounted: bigint;
  held: bigint;
  minBet: bigint;
  maxBetLimit: bigint;
  rtpBps: bigint;
  maxBets: { label: string; gameType: number; params: bigint; maxBet: bigint }[];
  pendingWithdrawal: Announcement | null;
  /** The most a swap paying out this token can pay now (per-swap cap and daily room). */
  swapRoom: bigint;
}

export interface OpenBet {
  betId: bigint;
  player: string;
  nonce: bigint;
  token: TokenSymbol;
  stake: bigint;
  placedBlock: number;
  placedAt: number;
  claimableAt: bigint;
  ageBlocks: number;
  ageSeconds: number;
}

export interface BetScan {
  fromBlock: number;
  toBlock: number;
  requests: number;
  chunk: number;
  /** Where the scan stopped early (an RPC refusing even small ranges), else null. */
  stoppedAt: { block: number; reason: string } | null;
  openBets: number;
  oldest: OpenBet | null;
  lastSettledBlock: number | null;
  settlerLagBlocks: number | null;
}

export interface LockStatus {
  label: string;
  address: string;
  beneficiary: string;
  asset: string;
  holds: bigint;
  released: bigint;
  releasable: bigint;
  releasesAt: number;
  end: number;
}

export interface CasinoStatus {
  network: string;
  chainId: bigint;
  block: { number: number; timestamp: number };
  contracts: { Casino: string; DegenToken: string; CasinoSwap: string; CasinoRelay: string };
  owner: string;
  pendingOwner: string;
  signer: string | null;
  settler: string;
  settlerGas: bigint;
  paused: boolean;
  settleWindow: bigint;
  announcementDelay: bigint;
  risk: { perBetBps: bigint; perPlayerBps: bigint };
  jackpot: { pool: bigint; edgeBps: bigint; shareBps: bigint; prizeNow: bigint };
  tokens: Record<TokenSymbol, TokenStatus>;
  swap: { rate: bigint; perSwapCapBps: bigint; dailyCapBps: bigint; pendingRate: (Announcement & { rate: bigint }) | null };
  bets: BetScan;
  locks: LockStatus[];
}

function announcement(amount: bigint, executableAt: bigint, lifetime: bigint, now: number): Announcement | null {
  if (amount === 0n) return null;
  const lapsesAt = executableAt + lifetime;
  const state = BigInt(now) < executableAt ? "waiting" : BigInt(now) > lapsesAt ? "lapsed" : "executable";
  return { amount, executableAt, lapsesAt, state };
}

async function tokenStatus(ctx: CasinoContext, symbol: TokenSymbol, now: number, lifetime: bigint): Promise<TokenStatus> {
  const { casino, hre } = ctx;
  const address = ctx.tokenAddressOf(symbol);
  const [[bankroll, reserved], accounted, held, minBet, maxBetLimit, rtpBps, [pendingAmount, executableAt], [, swapRoom]] = await Promise.all([
    casino.house(address),
    casino.accounted(address),
    symbol === "BNB" ? hre.ethers.provider.getBalance(ctx.casinoAddress) : ctx.token.balanceOf(ctx.casinoAddress),
    casino.minBet(address),
    casino.maxBetLimit(address),
    casino.rtpBps(address),
    casino.pendingWithdrawal(address),
    // quote(from, 0) answers the room of the other token, the one paid out.
    ctx.swapDesk.quote(symbol === "BNB" ? ctx.tokenAddress : NATIVE, 0n),
  ]);
  const maxBets = await Promise.all(MAX_BET_GAMES.map(async (game) => ({ ...game, maxBet: await casino.maxBet(address, game.gameType, game.params, NATIVE) })));
  return {
    address,
    bankroll,
    reserved,
    free: bankroll - reserved,
    accounted,
    held,
    minBet,
    maxBetLimit,
    rtpBps,
    maxBets,
    pendingWithdrawal: announcement(pendingAmount, executableAt, lifetime, now),
    swapRoom,
  };
}

/**
 * Reads BetPlaced, BetSettled and ExpiredBetClaimed logs from `fromBlock` to `toBlock` in
 * ranges of `chunk` blocks (public BSC RPCs refuse large ranges; a refused range is retried in
 * halves down to 100 blocks), and finds the oldest bet placed in that span and still open.
 */
export async function scanBets(ctx: CasinoContext, fromBlock: number, head: { number: number; timestamp: number }, chunk: number): Promise<BetScan> {
  const { casino, hre } = ctx;
  const topics = (["BetPlaced", "BetSettled", "ExpiredBetClaimed"] as const).map((name) => casino.interface.getEvent(name)!.topicHash);
  const [placedTopic, settledTopic] = topics;
  const placed = new Map<bigint, number>();
  const resolved = new Set<bigint>();
  let lastSettledBlock: number | null = null;
  let requests = 0;
  let stoppedAt: BetScan["stoppedAt"] = null;
  let span = chunk;
  for (let start = fromBlock; start <= head.number;) {
    const end = Math.min(start + span - 1, head.number);
    let logs;
    try {
      requests++;
      logs = await hre.ethers.provider.getLogs({ address: ctx.casinoAddress, topics: [topics], fromBlock: start, toBlock: end });
    } catch (error) {
      if (span > 100) {
        span = Math.max(100, Math.floor(span / 2));
        continue;
      }
      stoppedAt = { block: start, reason: (error as Error).message.split("\n")[0] };
      break;
    }
    for (const log of logs) {
      const betId = BigInt(log.topics[1]);
      if (log.topics[0] === placedTopic) placed.set(betId, log.blockNumber);
      else resolved.add(betId);
      if (log.topics[0] === settledTopic) lastSettledBlock = Math.max(lastSettledBlock ?? 0, log.blockNumber);
    }
    start = end + 1;
  }
  const open = [...placed].filter(([betId]) => !resolved.has(betId)).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  let oldest: OpenBet | null = null;
  for (const [betId, placedBlock] of open) {
    const bet = await casino.getBet(betId);
    if (!bet.open) continue; // resolved after the scan's head
    const placedAt = (await hre.ethers.provider.getBlock(placedBlock))!.timestamp;
    oldest = {
      betId,
      player: bet.player,
      nonce: bet.nonce,
      token: bet.token === NATIVE ? "BNB" : "DEGEN",
      stake: bet.totalStake,
      placedBlock,
      placedAt,
      claimableAt: bet.claimableAt,
      ageBlocks: head.number - placedBlock,
      ageSeconds: head.timestamp - placedAt,
    };
    break;
  }
  return {
    fromBlock,
    toBlock: stoppedAt ? stoppedAt.block - 1 : head.number,
    requests,
    chunk,
    stoppedAt,
    openBets: open.length,
    oldest,
    lastSettledBlock,
    settlerLagBlocks: lastSettledBlock === null ? null : head.number - lastSettledBlock,
  };
}

async function lockStatus(ctx: CasinoContext): Promise<LockStatus[]> {
  return Promise.all(
    ctx.locks.map(async (lock) => {
      const wallet = await ctx.hre.ethers.getContractAt("TokenLock", lock.address);
      // An LP lock's balance is counted in LP tokens, unknown here: its DEGEN figures are shown.
      const [holds, released, releasable] = await Promise.all([
        ctx.token.balanceOf(lock.address),
        wallet["released(address)"](ctx.tokenAddress),
        wallet["releasable(address)"](ctx.tokenAddress),
      ]);
      return { ...lock, holds, released, releasable };
    }),
  );
}

export async function readStatus(ctx: CasinoContext, options: { fromBlock?: number; chunk?: number } = {}): Promise<CasinoStatus> {
  const { casino, hre } = ctx;
  const latest = (await hre.ethers.provider.getBlock("latest"))!;
  const block = { number: latest.number, timestamp: latest.timestamp };
  const lifetime = await casino.ANNOUNCEMENT_LIFETIME();
  const [owner, pendingOwner, settler, paused, settleWindow, announcementDelay, [perBetBps, perPlayerBps], pool, [edgeBps, shareBps]] = await Promise.all([
    casino.owner(),
    casino.pendingOwner(),
    casino.settler(),
    casino.paused(),
    casino.settleWindow(),
    casino.announcementDelay(),
    casino.riskBps(),
    casino.jackpotPool(),
    casino.jackpotTerms(),
  ]);
  const [[rate, perSwapCapBps, dailyCapBps, pendingRate, pendingRateAt], swapLifetime, relay, settlerGas] = await Promise.all([
    ctx.swapDesk.terms(),
    ctx.swapDesk.ANNOUNCEMENT_LIFETIME(),
    casino.relay(),
    hre.ethers.provider.getBalance(settler),
  ]);
  const [degen, bnb] = await Promise.all(TOKENS.map((symbol) => tokenStatus(ctx, symbol, block.timestamp, lifetime)));
  const fromBlock = options.fromBlock ?? ctx.deploymentBlock ?? Math.max(0, block.number - DEFAULT_SCAN_DEPTH);
  if (fromBlock > block.number) throw new TaskError(`--from-block ${fromBlock} is after the chain's head (block ${block.number})`);
  const pending = announcement(pendingRate, pendingRateAt, swapLifetime, block.timestamp);
  return {
    network: hre.network.name,
    chainId: ctx.chainId,
    block,
    contracts: { Casino: ctx.casinoAddress, DegenToken: ctx.tokenAddress, CasinoSwap: await ctx.swapDesk.getAddress(), CasinoRelay: relay },
    owner,
    pendingOwner,
    signer: ctx.signer?.address ?? null,
    settler,
    settlerGas,
    paused,
    settleWindow,
    announcementDelay,
    risk: { perBetBps, perPlayerBps },
    jackpot: { pool, edgeBps, shareBps, prizeNow: (pool * shareBps) / 10_000n },
    tokens: { DEGEN: degen, BNB: bnb },
    swap: { rate, perSwapCapBps, dailyCapBps, pendingRate: pending && { ...pending, rate: pendingRate } },
    bets: await scanBets(ctx, fromBlock, block, options.chunk ?? DEFAULT_LOG_CHUNK),
    locks: await lockStatus(ctx),
  };
}

function describeAnnouncement(pending: Announcement | null, what: string, now: number): string {
  if (!pending) return "none";
  if (pending.state === "lapsed") return `${what}: lapsed at ${formatTime(pending.lapsesAt)} (announce again)`;
  const from = pending.state === "waiting" ? `executable from ${formatWhen(pending.executableAt, now)}` : "executable now";
  return `${what}: ${from}, lapses ${formatWhen(pending.lapsesAt, now)}`;
}

/** The report as text lines. */
export function renderStatus(status: CasinoStatus, deploymentFile: string | null): string[] {
  const { tokens, block } = status;
  const now = block.timestamp;
  const both = (label: string, pick: (token: TokenStatus) => string) => [label, pick(tokens.DEGEN), pick(tokens.BNB)];
  const ownerNote = status.signer === status.owner ? " (the signer)" : status.signer ? ` (the signer ${status.signer} is not the owner)` : "";
  const lines = [
    `DEGEN Casino on ${status.network} (chain ${status.chainId}), block ${block.number} at ${formatTime(block.timestamp)}`,
    "",
    "Contracts",
    ...table([
      ["Casino", status.contracts.Casino],
      ["DegenToken", status.contracts.DegenToken],
      ["CasinoSwap", status.contracts.CasinoSwap],
      ["CasinoRelay", status.contracts.CasinoRelay],
      ["owner", status.owner + ownerNote],
      ...(status.pendingOwner !== NATIVE ? [["pending owner", `${status.pendingOwner} (has not accepted yet)`]] : []),
      ["settler", `${status.settler} (gas balance ${formatAmount(status.settlerGas)} BNB)`],
      ["new bets", status.paused ? "PAUSED (settlement, claims, withdrawals and swaps go on)" : "open"],
    ]),
    "",
    "House",
    ...table([
      ["", "DEGEN", "BNB"],
      both("bankroll", (t) => formatAmount(t.bankroll)),
      both("reserved by open bets", (t) => formatAmount(t.reserved)),
      both("free", (t) => formatAmount(t.free)),
      both("owed (accounted)", (t) => formatAmount(t.accounted)),
      both("held by the Casino", (t) => formatAmount(t.held)),
      both("min bet", (t) => formatAmount(t.minBet)),
      both("max-bet ceiling", (t) => formatAmount(t.maxBetLimit)),
      both("RTP", (t) => `${formatAmount(t.rtpBps, 2)} %`),
    ]),
    "",
    `Max bet now (the least of the ceiling and ${formatAmount(status.risk.perBetBps, 2)} % of the free bankroll at the bet's top payout; rounded down)`,
    ...table([["", "DEGEN", "BNB"], ...MAX_BET_GAMES.map((game, i) => both(game.label, (t) => formatAmount(t.maxBets[i].maxBet, 18, MAX_BET_DECIMALS)))]),
    "",
    "Limits",
    ...table([
      ["settle window", `${formatDuration(status.settleWindow)} (${status.settleWindow} s)`],
      ["announcement delay", `${formatDuration(status.announcementDelay)} (${status.announcementDelay} s), also for swap rates`],
      ["risk per bet", `${formatBps(status.risk.perBetBps)} of the free bankroll`],
      ["risk per player", `${formatBps(status.risk.perPlayerBps)} of the bankroll`],
    ]),
    "",
    "Jackpot (DEGEN)",
    ...table([
      ["pool", `${formatAmount(status.jackpot.pool)} DEGEN`],
      ["edge", `${formatBps(status.jackpot.edgeBps)} of a bet's stake`],
      ["share", `${formatBps(status.jackpot.shareBps)} of the pool per hit (${formatAmount(status.jackpot.prizeNow)} DEGEN now)`],
    ]),
    "",
    "Swap desk",
    ...table([
      ["rate", `${formatAmount(status.swap.rate, 0)} DEGEN per BNB`],
      ["caps", `${formatBps(status.swap.perSwapCapBps)} per swap, ${formatBps(status.swap.dailyCapBps)} a day, of the free bankroll paid out`],
      ["room now", `BNB → DEGEN up to ${formatAmount(tokens.DEGEN.swapRoom)} DEGEN, DEGEN → BNB up to ${formatAmount(tokens.BNB.swapRoom)} BNB`],
      ["pending rate", describeAnnouncement(status.swap.pendingRate, `${status.swap.pendingRate?.rate ?? 0n} DEGEN per BNB`, now)],
    ]),
    "",
    "Pending bankroll withdrawals",
    ...table(
      TOKENS.map((symbol) => [
        symbol,
        describeAnnouncement(tokens[symbol].pendingWithdrawal, `${formatAmount(tokens[symbol].pendingWithdrawal?.amount ?? 0n)} ${symbol}`, now),
      ]),
    ),
    "",
    ...renderBets(status.bets, now),
  ];
  if (status.locks.length > 0) {
    lines.push("", `Token locks (${deploymentFile})`);
    lines.push(
      ...table(
        status.locks.map((lock) => [
          lock.label,
          lock.address,
          lock.asset === "DEGEN" ? `holds ${formatAmount(lock.holds)} DEGEN, releasable ${formatAmount(lock.releasable)}` : "holds the pool's LP tokens",
          lock.releasesAt === lock.end
            ? `all from ${formatWhen(lock.releasesAt, now)}`
            : `from ${formatWhen(lock.releasesAt, now)}, all from ${formatTime(lock.end)}`,
        ]),
      ),
    );
  }
  return lines;
}

function renderBets(scan: BetScan, now: number): string[] {
  const scanned = `blocks ${scan.fromBlock}–${scan.toBlock} scanned in ${scan.requests} getLogs request${scan.requests === 1 ? "" : "s"} of ≤ ${scan.chunk} blocks`;
  const oldest = scan.oldest;
  const rows = [
    ["open bets", `${scan.openBets}${scan.fromBlock > 0 ? ` (placed since block ${scan.fromBlock})` : ""}`],
    [
      "oldest open bet",
      oldest
        ? `${formatAmount(oldest.stake)} ${oldest.token} by ${oldest.player} (nonce ${oldest.nonce}), placed in block ${oldest.placedBlock}, ` +
          `${oldest.ageBlocks} blocks / ${formatDuration(oldest.ageSeconds, 2)} ago; the player may claim it from ${formatWhen(oldest.claimableAt, now)}`
        : "none",
    ],
    ["last settlement", scan.lastSettledBlock === null ? "none in the scanned blocks" : `block ${scan.lastSettledBlock} (${scan.settlerLagBlocks} blocks ago)`],
    [
      "settler lag",
      oldest
        ? `${oldest.ageBlocks} blocks / ${oldest.ageSeconds} s behind the oldest open bet; ${scan.settlerLagBlocks === null ? "no settlement yet" : `${scan.settlerLagBlocks} blocks since the last settlement`}`
        : "none: no open bet",
    ],
  ];
  const lines = [`Bets (${scanned})`, ...table(rows)];
  if (scan.stoppedAt)
    lines.push(`  scan stopped at block ${scan.stoppedAt.block}: ${scan.stoppedAt.reason} (re-run with --chunk smaller or --from-block later)`);
  return lines;
}

/** A bigint-safe JSON of the status. */
export function statusJson(status: CasinoStatus): string {
  return JSON.stringify(status, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value), 2);
}

interface StatusArgs extends CommonArgs {
  fromBlock?: string;
  chunk?: string;
  json: boolean;
}

export async function statusTask(args: StatusArgs, hre: HardhatRuntimeEnvironment): Promise<CasinoStatus> {
  const ctx = await loadContext(hre, args);
  const chunk = args.chunk === undefined ? undefined : Number(parseInteger("chunk", args.chunk));
  if (chunk !== undefined && chunk < 1) throw new TaskError("--chunk must be at least 1 block");
  const fromBlock = args.fromBlock === undefined ? undefined : Number(parseInteger("from-block", args.fromBlock));
  const status = await readStatus(ctx, { fromBlock, chunk });
  console.log(args.json ? statusJson(status) : renderStatus(status, ctx.deploymentFile).join("\n"));
  return status;
}
