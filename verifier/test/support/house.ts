import { parseEther, Signature, Wallet, ZeroAddress, type Interface, type JsonRpcProvider } from "ethers";
import {
  ACTION_KEY_TYPES,
  ACTIONS_TYPES,
  BET_TYPES,
  betDeadline,
  clientSeedHash,
  GameType,
  HASH_CHAIN,
  HashChain,
  SESSION_TYPES,
  applyBlackjackAction,
  blackjackActionBytes,
  canSplit,
  cashOutMines,
  crashCashOutBytes,
  crashRound,
  encodeBlackjackActions,
  handScore,
  hashChainTip,
  isFinalStatus,
  laneChainTip,
  laneOfNonce,
  placeInLane,
  minesActionBytes,
  randomBytes32,
  revealTile,
  randomWord,
  sessionDomain,
  settleGame,
  startBlackjack,
  startMines,
  type BlackjackAction,
  type BlackjackState,
  type SettlementActions,
  type Token,
  isInteractive,
} from "../../../engine/src/index";
import { contractRevert } from "../../../bindings/errors";
import { DEV_KEYS, pendingCount, type TestChain } from "../../../server/test/support/chain";
import { CasinoSessions__factory } from "../../../typechain-types/factories/contracts/CasinoSessions__factory";
import { ALL_GAMES } from "./history";

const CHAIN_ID = 31337;
const MASTER_SECRET = "0x" + "5e".repeat(32);
/** Fixed limits: bets are signed ahead of the blocks they depend on, so nothing can be estimated. */
const PLAY_GAS = 300_000n;
const ADD_STAKE_GAS = 200_000n;
/** The rules compute every payout on chain: a blackjack hand's costs the most. */
const SETTLE_GAS_PER_BET = 250_000n;
const SETTLE_GAS_BASE = 100_000n;
/** Osaka caps a transaction at 2^24 gas: 50 settlements stay under it. */
const SETTLE_BATCH = 50;
const ONE_CLICK_GAS_PER_BET = 200_000n;
const SESSION_GAS = 300_000n;
const sessionsInterface = CasinoSessions__factory.createInterface() as unknown as Interface;

/** A CasinoSessions custom error an ethers error carries. */
function sessionsRevert(error: unknown): { name: string; args: unknown[] } | undefined {
  const data = (error as { data?: string }).data;
  const parsed = typeof data === "string" ? sessionsInterface.parseError(data) : null;
  return parsed ? { name: parsed.name, args: [...parsed.args] } : undefined;
}
/** Room for several hundred bets per block, so bulk play needs few blocks. */
const BLOCK_GAS_LIMIT = 600_000_000;

export interface BetSpec {
  player: Wallet;
  token: Token;
  amount: bigint;
  gameType: GameType;
  params?: bigint;
  clientSeed?: string;
}

export interface PlacedBet {
  betId: bigint;
  player: string;
  nonce: bigint;
  token: Token;
  amount: bigint;
  gameType: GameType;
  params: bigint;
  clientSeed: string;
  block: number;
  split: boolean;
  /** Placed and settled at once (CasinoSessions.play). */
  oneClick?: boolean;
}

/** A session the test house opened: its key, its lane, the lane's hash chain and when it ends. */
interface OpenedSession {
  key: Wallet;
  lane: bigint;
  links: HashChain;
  expiresAt: number;
}

/** A settler's transaction, with the gas it is given. */
interface SettlerCall {
  from: Wallet;
  to: string;
  data: string;
  gas: bigint;
}

export interface Settlement {
  bet: PlacedBet;
  payout: bigint;
}

/**
 * An honest test settler and bulk player on a `hardhat node` (server/test/support/chain.ts): real
 * hash chains (engine HashChain: a wallet chain per player, a lane chain per session, as the server
 * derives them), bets signed ahead and mined many per block, settlements by settleBatch with the
 * engine's payouts — or any payout a test wants, to play a dishonest house.
 */
export class TestHouse {
  /** Each player's wallet chain (lane 0). */
  private readonly chains = new Map<string, { links: HashChain; firstNonce: bigint; epoch: number }>();
  /** Each player's open session. */
  private readonly openSessions = new Map<string, OpenedSession>();
  /** Every session opened, by `player:lane`: its chain settles its lane's bets after it ends too. */
  private readonly lanes = new Map<string, OpenedSession>();
  private readonly settler: Wallet;
  private readonly owner: Wallet;
  readonly provider: JsonRpcProvider;

  private constructor(
    readonly chain: TestChain,
    readonly casino: string,
    readonly degen: string,
    readonly sessions: string,
  ) {
    this.provider = chain.provider;
    this.settler = new Wallet(DEV_KEYS[1], chain.provider);
    this.owner = new Wallet(DEV_KEYS[0], chain.provider);
  }

  /** Manual mining with large blocks; every player's vault funded with DEGEN and BNB. */
  static async open(chain: TestChain, vault = { degen: parseEther("900000"), bnb: parseEther("500") }): Promise<TestHouse> {
    const house = new TestHouse(chain, await chain.casino.getAddress(), await chain.token.getAddress(), await chain.casino.sessions());
    await chain.provider.send("hardhat_setLoggingEnabled", [false]);
    await chain.provider.send("evm_setBlockGasLimit", ["0x" + BLOCK_GAS_LIMIT.toString(16)]);
    await chain.provider.send("evm_setAutomine", [false]);
    const calls: { from: Wallet; data: string; to: string; value?: bigint }[] = [];
    for (const player of chain.players) {
      calls.push({ from: player, to: house.degen, data: chain.token.interface.encodeFunctionData("approve", [house.casino, vault.degen]) });
      calls.push({ from: player, to: house.casino, data: chain.casino.interface.encodeFunctionData("deposit", [house.degen, vault.degen]) });
      calls.push({ from: player, to: house.casino, data: chain.casino.interface.encodeFunctionData("deposit", [ZeroAddress, vault.bnb]), value: vault.bnb });
    }
    await house.sendAll(calls, 200_000n);
    return house;
  }

  /** Signs the calls (each sender's nonces in order), sends them all and mines until they are in. */
  async sendAll(calls: readonly { from: Wallet; to: string; data: string; value?: bigint }[], gasLimit: bigint | ((i: number) => bigint)): Promise<void> {
    const fees = await this.provider.getFeeData();
    const nonces = new Map<string, number>();
    const raws: string[] = [];
    for (const [i, call] of calls.entries()) {
      const address = call.from.address;
      if (!nonces.has(address)) nonces.set(address, await this.provider.getTransactionCount(address, "pending"));
      const nonce = nonces.get(address)!;
      nonces.set(address, nonce + 1);
      raws.push(
        await call.from.signTransaction({
          type: 2,
          chainId: CHAIN_ID,
          nonce,
          to: call.to,
          data: call.data,
          value: call.value ?? 0n,
          gasLimit: typeof gasLimit === "function" ? gasLimit(i) : gasLimit,
          maxFeePerGas: fees.maxFeePerGas! * 2n,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
        }),
      );
    }
    const hashes = await Promise.all(raws.map((raw) => this.provider.send("eth_sendRawTransaction", [raw]) as Promise<string>));
    await this.mine([...nonces.keys()]);
    // A reverted transaction would leave a test looking at a chain it did not mean to build.
    const receipts = await Promise.all(hashes.map((hash) => this.provider.getTransactionReceipt(hash)));
    const failed = receipts.findIndex((receipt) => receipt?.status !== 1);
    if (failed >= 0) throw new Error(`transaction ${hashes[failed]} reverted: ${await this.revertOf(calls[failed]!, receipts[failed]!.blockNumber)}`);
  }

  /** Why a call reverted, replayed on its block's state: the contracts' custom error. */
  private async revertOf(call: { from: Wallet; to: string; data: string; value?: bigint }, block: number): Promise<string> {
    try {
      await this.provider.call({ from: call.from.address, to: call.to, data: call.data, value: call.value, blockTag: block });
      return "it passes on its block's state";
    } catch (error) {
      const revert = contractRevert(error) ?? sessionsRevert(error);
      return revert ? `${revert.name}(${revert.args.join(", ")})` : (error as Error).message;
    }
  }

  /** Mines blocks until none of the senders has a transaction waiting. */
  async mine(senders: readonly string[] = []): Promise<void> {
    do await this.provider.send("evm_mine", []);
    while ((await Promise.all(senders.map((sender) => pendingCount(this.provider, sender)))).some((n) => n > 0));
  }

  /** Posts a fresh hash chain for the player (its next epoch) while the player has no open bet. */
  async commit(player: string, length = 1024): Promise<void> {
    const epoch = (this.chains.get(player)?.epoch ?? -1) + 1;
    const links = new HashChain(hashChainTip(MASTER_SECRET, player, epoch), length);
    const [, nextNonce] = await this.chain.casino.commitmentOf(player);
    const data = this.chain.casino.interface.encodeFunctionData("setCommitment", [player, links.commitment, length]);
    await this.sendAll([{ from: this.settler, to: this.casino, data }], 200_000n);
    this.chains.set(player, { links, firstNonce: nextNonce, epoch });
  }

  /**
   * The seed of the player's bet of this nonce: a wallet nonce's, the k-th after the commitment, is
   * link k of the wallet chain; a session lane's, `lane << 32 | n`, link n + 1 of that lane's chain.
   */
  seedOf(player: string, nonce: bigint): string {
    const lane = laneOfNonce(nonce);
    if (lane !== 0n) return this.lanes.get(`${player}:${lane}`)!.links.seed(Number(placeInLane(nonce)) + 1);
    const chain = this.chains.get(player)!;
    return chain.links.seed(Number(nonce - chain.firstNonce) + 1);
  }

  betSeed(bet: PlacedBet): string {
    return this.seedOf(bet.player, bet.nonce);
  }

  wordOf(bet: PlacedBet): string {
    return randomWord({
      seed: this.betSeed(bet),
      clientSeed: bet.clientSeed,
      player: bet.player,
      nonce: bet.nonce,
      chainId: CHAIN_ID,
      casino: this.casino,
    });
  }

  /** A client seed that gives the player's next bet a word the test wants (the house knows the seed). */
  async clientSeedFor(player: string, wish: (word: string) => boolean): Promise<string> {
    const [, nonce] = await this.chain.casino.commitmentOf(player);
    const seed = this.seedOf(player, nonce);
    for (let i = 0; i < 100_000; i++) {
      const clientSeed = "0x" + (BigInt(i) + 1n).toString(16).padStart(64, "0");
      if (wish(randomWord({ seed, clientSeed, player, nonce, chainId: CHAIN_ID, casino: this.casino }))) return clientSeed;
    }
    throw new Error("no client seed gives such a word");
  }

  /** Places the bets, many per block, each player's in the given order; returns them in the given order. */
  async place(specs: readonly BetSpec[]): Promise<PlacedBet[]> {
    const terms = await this.chain.casino.terms();
    const from = (await this.provider.getBlockNumber()) + 1;
    const seeds = specs.map((spec, i) => spec.clientSeed ?? "0x" + (BigInt(Date.now()) * 1_000_000n + BigInt(i)).toString(16).padStart(64, "0"));
    const calls = specs.map((spec, i) => {
      const token = spec.token === "BNB" ? ZeroAddress : this.degen;
      // The chain's root is accepted as expectedCommit for as long as the chain is the player's current one.
      const root = this.chains.get(spec.player.address)!.links.commitment;
      const data = this.chain.casino.interface.encodeFunctionData("playGame", [token, spec.amount, spec.gameType, spec.params ?? 0n, seeds[i]!, root, terms]);
      return { from: spec.player, to: this.casino, data };
    });
    await this.sendAll(calls, PLAY_GAS);
    const logs = await this.chain.casino.queryFilter(this.chain.casino.filters.BetPlaced(), from);
    const byKey = new Map(logs.map((log) => [`${log.args.player}:${log.args.clientSeed}`, log]));
    return specs.map((spec, i) => {
      const log = byKey.get(`${spec.player.address}:${seeds[i]}`)!;
      return {
        betId: log.args.betId,
        player: log.args.player,
        nonce: log.args.nonce,
        token: spec.token,
        amount: log.args.amount,
        gameType: spec.gameType,
        params: log.args.params,
        clientSeed: log.args.clientSeed,
        block: log.blockNumber,
        split: false,
      };
    });
  }

  /** The second stake of a blackjack split, paid by the player from the vault. */
  async addStake(bet: PlacedBet, player: Wallet): Promise<void> {
    await this.sendAll([{ from: player, to: this.casino, data: this.chain.casino.interface.encodeFunctionData("addStake", [bet.betId]) }], ADD_STAKE_GAS);
    bet.split = true;
  }

  /** The engine's payout: what the rules pay for this bet and these actions (none: the hand stood, no cash-out). */
  payoutOf(bet: PlacedBet, actions: SettlementActions | null = bet.gameType === GameType.BLACKJACK ? "" : null): bigint {
    return settleGame({ gameType: bet.gameType, token: bet.token, stake: bet.amount, params: bet.params, word: this.wordOf(bet), actions }).payout;
  }

  /** Settles in batches (Casino.settleBatch) with the given payouts: the Casino refuses any but the rules'. */
  async settle(settlements: readonly Settlement[]): Promise<void> {
    const calls: SettlerCall[] = [];
    for (let i = 0; i < settlements.length; i += SETTLE_BATCH) calls.push(this.settleBatch(settlements.slice(i, i + SETTLE_BATCH)));
    await this.sendAll(calls, (i) => calls[i]!.gas);
  }

  private settleBatch(batch: readonly Settlement[]): SettlerCall {
    const data = this.chain.casino.interface.encodeFunctionData("settleBatch", [
      batch.map(({ bet }) => bet.betId),
      batch.map(({ bet }) => this.betSeed(bet)),
      batch.map(({ payout }) => payout),
    ]);
    return { from: this.settler, to: this.casino, data, gas: SETTLE_GAS_BASE + SETTLE_GAS_PER_BET * BigInt(batch.length) };
  }

  /**
   * Honest settlements of the bets, in order (a player's bets resolve in nonce order): games
   * without decisions by settleBatch; blackjack and manual crash with the player's actions
   * (playedActions) as the player's key signed them (CasinoSessions.settle), or with none
   * (`stood`: the auto-stand, no cash-out) by settleBatch.
   */
  async settleHonestly(bets: readonly PlacedBet[], { stood = false } = {}): Promise<void> {
    const calls: SettlerCall[] = [];
    let batch: Settlement[] = [];
    const flush = () => {
      if (batch.length > 0) calls.push(this.settleBatch(batch));
      batch = [];
    };
    for (const bet of bets) {
      if (!stood && isInteractive(bet.gameType, bet.params)) {
        flush();
        calls.push({ from: this.settler, to: this.sessions, data: await this.signedSettlement(bet), gas: SETTLE_GAS_BASE + SETTLE_GAS_PER_BET });
      } else {
        batch.push({ bet, payout: this.payoutOf(bet) });
        if (batch.length === SETTLE_BATCH) flush();
      }
    }
    flush();
    await this.sendAll(calls, (i) => calls[i]!.gas);
  }

  /**
   * CasinoSessions.settle of an interactive round with the log the test player plays, signed by
   * the key of the bet's lane (a wallet bet: the player's open session key), or by a fresh key the
   * player's wallet names for this bet alone.
   */
  private async signedSettlement(bet: PlacedBet): Promise<string> {
    const played = playedActions(bet, this.wordOf(bet));
    const bytes =
      bet.gameType === GameType.CRASH
        ? played === null
          ? "0x"
          : crashCashOutBytes(played as number)
        : bet.gameType === GameType.MINES
          ? minesActionBytes(played as string)
          : blackjackActionBytes(encodeBlackjackActions(played as BlackjackAction[]));
    const domain = sessionDomain(31337, this.sessions);
    const player = this.chain.players.find((wallet) => wallet.address === bet.player)!;
    const lane = laneOfNonce(bet.nonce);
    const sessionKey = lane === 0n ? this.openSessions.get(bet.player)?.key : this.lanes.get(`${bet.player}:${lane}`)!.key;
    const key = sessionKey ?? new Wallet(randomBytes32());
    const signature = await key.signTypedData(domain, ACTIONS_TYPES as never, { betId: bet.betId, actions: bytes });
    const keyGrant = sessionKey
      ? "0x"
      : await player.signTypedData(domain, ACTION_KEY_TYPES as never, { player: bet.player, betId: bet.betId, key: key.address });
    return sessionsInterface.encodeFunctionData("settle", [bet.betId, this.betSeed(bet), bytes, signature, keyGrant]);
  }

  /**
   * The player's wallet signs a session for a new key (every token and game, budgets of 100,000
   * DEGEN and 100 BNB moved from the vault into its lane), with the root of the lane chain the
   * house derives for the key (engine laneChainTip); opened by the settler.
   */
  async openSession(player: Wallet): Promise<Wallet> {
    const key = new Wallet(randomBytes32());
    const links = new HashChain(laneChainTip(MASTER_SECRET, player.address, key.address), HASH_CHAIN.LANE_LENGTH);
    const { timestamp } = (await this.provider.getBlock("latest"))!;
    const expiresAt = timestamp + 23 * 3600;
    const grant = {
      player: player.address,
      key: key.address,
      commit: links.commitment,
      expiresAt: BigInt(expiresAt),
      tokens: 3n,
      games: ALL_GAMES,
      maxBetDegen: parseEther("10000"),
      maxBetNative: parseEther("10"),
      budgetDegen: parseEther("100000"),
      budgetNative: parseEther("100"),
    };
    const signature = await player.signTypedData(sessionDomain(31337, this.sessions), SESSION_TYPES as never, grant);
    await this.sendAll([{ from: this.settler, to: this.sessions, data: sessionsInterface.encodeFunctionData("openSession", [grant, signature]) }], SESSION_GAS);
    const lane = await this.lanesOf(player.address);
    const session = { key, lane, links, expiresAt };
    this.openSessions.set(player.address, session);
    this.lanes.set(`${player.address}:${lane}`, session);
    return key;
  }

  /** How many lanes the player's sessions opened: the latest session's lane. */
  private async lanesOf(player: string): Promise<bigint> {
    const answer = await this.provider.call({ to: this.sessions, data: sessionsInterface.encodeFunctionData("lanesOf", [player]) });
    return BigInt(answer);
  }

  /** The player's wallet revokes its open session key; returns it. */
  async revokeSession(player: Wallet): Promise<string> {
    const { key } = this.openSessions.get(player.address)!;
    this.openSessions.delete(player.address);
    await this.sendAll([{ from: player, to: this.sessions, data: sessionsInterface.encodeFunctionData("revokeSession", [key.address]) }], SESSION_GAS);
    return key.address;
  }

  /** CasinoSessions.closeSession of an ended session, sent by the settler (anyone may): its lane's funds back to the vault. */
  async closeSession(player: string, key: string): Promise<void> {
    await this.sendAll([{ from: this.settler, to: this.sessions, data: sessionsInterface.encodeFunctionData("closeSession", [player, key]) }], SESSION_GAS);
  }

  /**
   * A bet as the player's open session key signs it: `nonce` of its lane, a random client seed of
   * its own (as the app draws one for every signature), a deadline within the acceptance window
   * from `now`, the chain's clock (engine betDeadline).
   */
  private async signedBet(spec: BetSpec, nonce: bigint, terms: bigint, now: number): Promise<unknown> {
    const player = spec.player.address;
    const session = this.openSessions.get(player)!;
    const bet = {
      player,
      token: spec.token === "BNB" ? ZeroAddress : this.degen,
      amount: spec.amount,
      gameType: spec.gameType,
      params: spec.params ?? 0n,
      clientSeed: spec.clientSeed ?? randomBytes32(),
      nonce,
      terms,
    };
    const deadline = betDeadline(now, session.expiresAt);
    const typed = { ...bet, clientSeedHash: clientSeedHash(bet.clientSeed), game: bet.gameType, deadline };
    const signature = Signature.from(await session.key.signTypedData(sessionDomain(31337, this.sessions), BET_TYPES as never, typed));
    return { bet, deadline, r: signature.r, vs: signature.yParityAndS };
  }

  /** The next nonce of the lane of the player's open session, on chain. */
  private async nextLaneNonce(player: string): Promise<bigint> {
    const { lane } = this.openSessions.get(player)!;
    return (await this.chain.casino.laneOf(player, lane)).nextNonce;
  }

  private async chainTime(): Promise<number> {
    return (await this.provider.getBlock("latest"))!.timestamp;
  }

  /**
   * One-click bets relayed by the settler: CasinoSessions.play, placed and settled in one
   * transaction, each with the next link of its session's lane chain; then drawJackpots for its
   * DEGEN bets' tickets in the next block. Each player's bets in the given order, on the lane of
   * the player's open session.
   */
  async play(specs: readonly BetSpec[]): Promise<PlacedBet[]> {
    const terms = await this.chain.casino.terms();
    const now = await this.chainTime();
    const nonces = new Map<string, bigint>();
    const signed = [];
    const seeds = [];
    for (const spec of specs) {
      const player = spec.player.address;
      const nonce = nonces.get(player) ?? (await this.nextLaneNonce(player));
      nonces.set(player, nonce + 1n);
      signed.push(await this.signedBet(spec, nonce, terms, now));
      seeds.push(this.seedOf(player, nonce));
    }
    const from = (await this.provider.getBlockNumber()) + 1;
    const data = sessionsInterface.encodeFunctionData("play", [signed, seeds]);
    await this.sendAll([{ from: this.settler, to: this.sessions, data }], SETTLE_GAS_BASE + ONE_CLICK_GAS_PER_BET * BigInt(specs.length));
    const placed = (await this.chain.casino.queryFilter(this.chain.casino.filters.BetPlaced(), from)).map((log) => ({
      betId: log.args.betId,
      player: log.args.player,
      nonce: log.args.nonce,
      token: (log.args.token === ZeroAddress ? "BNB" : "DEGEN") as Token,
      amount: log.args.amount,
      gameType: Number(log.args.gameType) as GameType,
      params: log.args.params,
      clientSeed: log.args.clientSeed,
      block: log.blockNumber,
      split: false,
      oneClick: true,
      odds: log.args.jackpotOdds,
      prize: log.args.jackpotPrize,
    }));
    if (placed.length !== specs.length) throw new Error(`the relay placed ${placed.length} of its ${specs.length} bets`);
    const tickets = placed.filter((bet) => bet.token === "DEGEN" && bet.odds !== 0n).map(({ betId, odds, prize }) => ({ betId, odds, prize }));
    if (tickets.length > 0) {
      const draw = this.chain.casino.interface.encodeFunctionData("drawJackpots", [tickets]);
      await this.sendAll([{ from: this.settler, to: this.casino, data: draw }], SETTLE_GAS_BASE + SETTLE_GAS_PER_BET * BigInt(tickets.length));
    }
    return placed.map(({ odds: _odds, prize: _prize, ...bet }) => bet);
  }

  /** A bet the player's session key signed on its lane, placed to be settled later (CasinoSessions.place), sent by the settler. */
  async placeSigned(spec: BetSpec): Promise<PlacedBet> {
    const player = spec.player.address;
    const nonce = await this.nextLaneNonce(player);
    const signed = await this.signedBet(spec, nonce, await this.chain.casino.terms(), await this.chainTime());
    const from = (await this.provider.getBlockNumber()) + 1;
    await this.sendAll([{ from: this.settler, to: this.sessions, data: sessionsInterface.encodeFunctionData("place", [signed, "0x"]) }], PLAY_GAS);
    const [log] = await this.chain.casino.queryFilter(this.chain.casino.filters.BetPlaced(), from);
    return {
      betId: log!.args.betId,
      player,
      nonce,
      token: spec.token,
      amount: spec.amount,
      gameType: spec.gameType,
      params: spec.params ?? 0n,
      clientSeed: log!.args.clientSeed,
      block: log!.blockNumber,
      split: false,
    };
  }

  /** An owner call (jackpot terms). */
  async asOwner(data: string): Promise<void> {
    await this.sendAll([{ from: this.owner, to: this.casino, data }], 200_000n);
  }

  /** Moves the clock past a settle window and mines a block. */
  async advanceTime(seconds: number): Promise<void> {
    await this.provider.send("evm_increaseTime", [seconds]);
    await this.mine();
  }
}

/**
 * How the test players play an interactive round: blackjack splits when the second stake was
 * added and the cards allow it, then hits below 17; manual crash cashes out at 1.50x when the
 * round gets there; mines reveals tiles 0, 1, 2… until it has three safe ones (or hits a mine) and
 * cashes out, but leaves the round idle after two safe tiles when the word's last hex digit is odd
 * (the idle rule cashes it out). Deterministic, so tests know the log the server would publish.
 */
export function playedActions(bet: PlacedBet, word: string): SettlementActions | null {
  if (bet.gameType === GameType.CRASH && bet.params === 0n) return crashRound(word, bet.token).crashPoint >= 150 ? 150 : null;
  if (bet.gameType === GameType.MINES) return minesPlayed(bet, word);
  if (bet.gameType !== GameType.BLACKJACK) return null;
  let state: BlackjackState = startBlackjack(word, bet.amount, bet.token);
  if (bet.split && canSplit(state)) state = applyBlackjackAction(state, "SPLIT");
  while (!isFinalStatus(state.status)) {
    const hand = state.activeSplit === "second" ? state.splitHand! : state.playerHand;
    const action: BlackjackAction = handScore(hand) < 17 ? "HIT" : "STAND";
    state = applyBlackjackAction(state, action);
  }
  return [...state.actions];
}

function minesPlayed(bet: PlacedBet, word: string): string {
  let state = startMines(word, bet.amount, bet.token, Number(bet.params));
  const idleAfter = parseInt(word.slice(-1), 16) % 2 === 1 ? 2 : 3;
  for (let tile = 0; state.status === "PLAYING" && state.revealed.length < idleAfter; tile++) state = revealTile(state, tile);
  if (state.status === "PLAYING" && idleAfter === 3) state = cashOutMines(state);
  return state.log;
}
