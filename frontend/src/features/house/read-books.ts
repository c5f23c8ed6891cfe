// The house's books read from the chain in this browser (the house page): the Casino's events from
// its deployment block to the head, and its funds now. Nothing comes from the server.
import { getAddress, ZeroAddress } from "ethers";
import type { GameType } from "@engine/gameTypes";
import type { Token } from "@engine/tokens";
import { parseCasinoLog, topicOf } from "@bindings/events";
import { loadReadOnlyChain } from "@/features/chain";
import { inParallel, rangesDown, READ_CONCURRENCY } from "@/features/bets";
import type { ResolvedBet } from "./books";

export interface HouseFunds {
  /** The bankroll, what open bets reserve of it included. */
  bankroll: bigint;
  reserved: bigint;
}

export interface HouseReading {
  resolved: ResolvedBet[];
  funds: Record<Token, HouseFunds>;
  jackpotPool: bigint;
  /** What jackpot hits paid players (JackpotWon). */
  jackpotPaid: bigint;
  /** The books are read up to this block. */
  readUpTo: number;
  chainName: string;
}

const TOPICS = [(["BetPlaced", "StakeAdded", "BetSettled", "ExpiredBetClaimed", "GamePlayed", "JackpotWon"] as const).map(topicOf)];

interface Placed {
  player: string;
  token: Token;
  gameType: GameType;
  params: bigint;
  stake: bigint;
}

export async function readHouseBooks(): Promise<HouseReading> {
  const { config, provider, casino } = await (await loadReadOnlyChain()).readOnlyChain();
  try {
    const degen = getAddress(config.contracts.DegenToken);
    const head = await provider.getBlockNumber();
    const ranges = rangesDown(config.deploymentBlock, head).reverse();
    const batches = await inParallel(ranges, READ_CONCURRENCY, (range) => provider.getLogs({ address: config.contracts.Casino, topics: TOPICS, ...range }));
    const placed = new Map<bigint, Placed>();
    const resolved: ResolvedBet[] = [];
    let jackpotPaid = 0n;
    /** The bet whose BetSettled or ExpiredBetClaimed came last in this transaction: the GamePlayed that follows is its (a claim's pays the bet's maximum). */
    let resolving: { tx: string; bet: ResolvedBet } | null = null;
    for (const log of batches.flat()) {
      const event = parseCasinoLog(log);
      if (!event) continue;
      if (resolving && resolving.tx !== log.transactionHash) resolving = null;
      switch (event.name) {
        case "BetPlaced": {
          const { betId, player, token, gameType, params, amount } = event.args;
          placed.set(betId, { player, token: getAddress(token) === degen ? "DEGEN" : "BNB", gameType: Number(gameType) as GameType, params, stake: amount });
          break;
        }
        case "StakeAdded": {
          const bet = placed.get(event.args.betId);
          if (bet) bet.stake += event.args.amount;
          break;
        }
        case "BetSettled":
        case "ExpiredBetClaimed": {
          const bet = placed.get(event.args.betId);
          if (!bet) break;
          const entry: ResolvedBet = {
            betId: event.args.betId,
            player: bet.player,
            token: bet.token,
            gameType: bet.gameType,
            params: bet.params,
            totalStake: bet.stake,
            payout: 0n,
            claimed: event.name === "ExpiredBetClaimed",
            block: log.blockNumber,
          };
          resolved.push(entry);
          resolving = { tx: log.transactionHash, bet: entry };
          break;
        }
        case "GamePlayed":
          if (resolving) {
            resolving.bet.totalStake = event.args.betAmount;
            resolving.bet.payout = event.args.payout;
          }
          resolving = null;
          break;
        case "JackpotWon":
          jackpotPaid += event.args.amount;
          break;
      }
    }
    // The funds at the block the events were read up to: one block's figures, whatever lands meanwhile.
    const at = { blockTag: head };
    const [degenFunds, nativeFunds, jackpotPool] = await Promise.all([casino.house(degen, at), casino.house(ZeroAddress, at), casino.jackpotPool(at)]);
    return {
      resolved,
      funds: { DEGEN: { bankroll: degenFunds[0], reserved: degenFunds[1] }, BNB: { bankroll: nativeFunds[0], reserved: nativeFunds[1] } },
      jackpotPool,
      jackpotPaid,
      readUpTo: head,
      chainName: config.chain.name,
    };
  } finally {
    provider.destroy();
  }
}
