// A settled bet checked in the player's own browser with the engine (issue #14): the random word
// from the published seed and the bet's inputs, the seed against the commitment of the bet's lane
// (keccak256 links, one a bet), the payout by the game's rules, and the jackpot draw.
import { getAddress, toBeHex, zeroPadValue, type Provider } from "ethers";
import { jackpotDraw, maxPayout, previousLink, settleGame, verify, type GameOutcome, type SettlementActions } from "@engine/index";
import { laneNonce, laneOfNonce } from "@engine/session";
import type { Casino } from "@typechain/contracts/Casino";
import type { ChainBet, ChainSettlement } from "./chain-bet";
import { rangesDown } from "./log-ranges";
import { parseCasinoLog } from "@bindings/events";

export interface BetCheck {
  ok: boolean;
  /** Exactly what does not match, one sentence each. */
  problems: string[];
  /** The outcome the rules give for the settled word (reels, cards, fight, crash point). */
  outcome: GameOutcome | null;
}

/**
 * The commitment a bet's seed must hash down to: its lane's chain root and the lane's first nonce
 * under it (docs/decisions.md §4, "lanes"). The wallet lane's root is the CommitmentSet posted at
 * or before the bet; a one-click session's is the root its player's wallet signed in the grant,
 * which the Casino's LaneOpened published when the session opened. Either way the bet of nonce
 * `firstNonce + k − 1` is settled with link k: one link a bet.
 */
export interface BetCommitment {
  root: string;
  firstNonce: bigint;
}

/** 24 hours of BSC's 0.75 s blocks: a lane's bets land by their deadlines, within its session's life, which starts when the lane opens. */
const LANE_BLOCKS = 115_200;

/**
 * The commitment that covers the bet's nonce: for a wallet bet, the chain in force now when it
 * covers the nonce (the usual case: the bet just settled), else the latest CommitmentSet posted at
 * or before the bet, searched backwards from the bet's block; for a one-click bet, its lane's root.
 */
export function commitmentOf(casino: Casino, provider: Provider, bet: ChainBet, deploymentBlock: number): Promise<BetCommitment | null> {
  return commitmentFinder(casino, provider, bet.player, deploymentBlock)(bet);
}

/**
 * commitmentOf for many bets of one player, checked newest first (a history): the wallet chain in
 * force is read once, a CommitmentSet found for a bet also covers its chain's earlier bets (no
 * commitment can have been posted between them), and each lane's root is read once.
 */
export function commitmentFinder(
  casino: Casino,
  provider: Provider,
  player: string,
  deploymentBlock: number,
): (bet: ChainBet) => Promise<BetCommitment | null> {
  const found: { commitment: BetCommitment; upToNonce: bigint }[] = [];
  const lanes = new Map<bigint, Promise<BetCommitment | null>>();
  let current: Promise<BetCommitment | null> | undefined;
  const playerTopic = zeroPadValue(player, 32);

  const inForce = async (): Promise<BetCommitment | null> => {
    const [, nextNonce, remaining, root, , chainLength] = await casino.commitmentOf(player);
    return chainLength > 0n ? { root, firstNonce: nextNonce + remaining - chainLength } : null;
  };

  const searchBack = async (bet: ChainBet): Promise<BetCommitment | null> => {
    const topic = casino.interface.getEvent("CommitmentSet").topicHash;
    for (const range of rangesDown(deploymentBlock, bet.placedBlock)) {
      const logs = await provider.getLogs({ address: await casino.getAddress(), ...range, topics: [topic, playerTopic] });
      for (const log of logs.reverse()) {
        const event = parseCasinoLog(log);
        if (event?.name === "CommitmentSet" && event.args.firstNonce <= bet.nonce) return { root: event.args.commit, firstNonce: event.args.firstNonce };
      }
    }
    return null;
  };

  const walletChainOf = async (bet: ChainBet): Promise<BetCommitment | null> => {
    current ??= inForce();
    const now = await current;
    if (now && now.firstNonce <= bet.nonce) return now;
    const known = found.find(({ commitment, upToNonce }) => commitment.firstNonce <= bet.nonce && bet.nonce <= upToNonce);
    if (known) return known.commitment;
    const commitment = await searchBack(bet);
    if (commitment) found.push({ commitment, upToNonce: bet.nonce });
    return commitment;
  };

  /** LaneOpened(player, lane, commit, …), indexed by both, searched back from the lane's bet. */
  const laneRoot = async (lane: bigint, bet: ChainBet): Promise<BetCommitment | null> => {
    const topics = [casino.interface.getEvent("LaneOpened").topicHash, playerTopic, zeroPadValue(toBeHex(lane), 32)];
    for (const range of rangesDown(Math.max(deploymentBlock, bet.placedBlock - LANE_BLOCKS), bet.placedBlock)) {
      const [log] = await provider.getLogs({ address: await casino.getAddress(), ...range, topics });
      const event = log && parseCasinoLog(log);
      if (event?.name === "LaneOpened") return { root: event.args.commit, firstNonce: laneNonce(lane, 0) };
    }
    return null;
  };

  return (bet) => {
    const lane = laneOfNonce(bet.nonce);
    if (lane === 0n) return walletChainOf(bet);
    let root = lanes.get(lane);
    if (!root) lanes.set(lane, (root = laneRoot(lane, bet)));
    return root;
  };
}

/** keccak256 applied `times` times: from a bet's seed back to its chain's root. */
function hashDown(seed: string, times: bigint): string {
  let link = seed;
  for (let i = 0n; i < times; i++) link = previousLink(link);
  return link;
}

/** Whether the seed is the bet's link of its lane's chain: the k-th bet under the root is settled with link k, k hashes above it. */
function seedFitsChain(seed: string, bet: ChainBet, commitment: BetCommitment): boolean {
  const k = bet.nonce - commitment.firstNonce + 1n;
  return k >= 1n && hashDown(seed, k).toLowerCase() === commitment.root.toLowerCase();
}

export function checkBet(
  bet: ChainBet,
  settlement: ChainSettlement,
  context: { casino: string; chainId: number; commitment: BetCommitment | null; actions: SettlementActions | null },
): BetCheck {
  const split = settlement.totalStake === 2n * bet.amount;
  if (settlement.kind === "claimed") {
    // Claimed back after the settle window: the bet's bound is paid and the seed stays secret.
    const bound = maxPayout(bet.gameType, bet.params, bet.token, settlement.totalStake, split);
    const problems = settlement.payout === bound ? [] : [`the claim paid ${settlement.payout}, the bet's maximum payout is ${bound}`];
    return { ok: problems.length === 0, problems, outcome: null };
  }
  const result = verify(
    {
      gameType: bet.gameType,
      token: bet.token,
      amount: bet.amount,
      params: bet.params,
      player: getAddress(bet.player),
      nonce: bet.nonce,
      clientSeed: bet.clientSeed,
      chainId: context.chainId,
      casino: context.casino,
      split,
      jackpotOdds: bet.jackpotOdds,
      jackpotPrize: bet.jackpotPrize,
    },
    {
      seed: settlement.seed!,
      payout: settlement.payout,
      actions: context.actions,
      random: settlement.random!,
      jackpot: settlement.jackpot ? { ...settlement.jackpot, blockHash: bet.placedBlockHash } : undefined,
    },
  );
  const problems = [...result.problems];
  if (!context.commitment) {
    problems.push("no commitment was posted for this bet's nonce before it was placed");
  } else if (!seedFitsChain(settlement.seed!, bet, context.commitment)) {
    problems.push("the seed does not hash down to the commitment the bet was placed under");
  }
  // Only a hit or a void draw is published (JackpotDrawn): a miss is recomputed from the bet's block
  // hash. A one-click bet's draw comes later with its batch's tickets: not there yet is not a fault
  // (the app and anyone may draw it; a draw too late to read the bet's block is void, wins nothing,
  // and the house pays its fair value into the pool).
  if (bet.token === "DEGEN" && !settlement.jackpot && !settlement.jackpotDeferred && bet.jackpotOdds !== 0n && settlement.block !== bet.placedBlock) {
    const ticket = jackpotDraw({
      casino: context.casino,
      betId: bet.betId,
      entropy: bet.placedBlockHash,
      odds: bet.jackpotOdds,
      prize: bet.jackpotPrize,
      pool: bet.jackpotPrize,
    });
    if (ticket.hit) problems.push("the jackpot roll on the bet's block hash is a hit, but no jackpot draw was published");
  }
  return { ok: problems.length === 0, problems, outcome: result.outcome };
}

/** The outcome the rules give a settled word, for the animation (no check). */
export function outcomeOf(bet: ChainBet, word: string, actions: SettlementActions | null): GameOutcome {
  return settleGame({ gameType: bet.gameType, token: bet.token, stake: bet.amount, params: bet.params, word, actions }).outcome;
}
