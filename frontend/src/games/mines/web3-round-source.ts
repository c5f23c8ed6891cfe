// Web3 mines: Start places the bet on chain, its params the mine count; while it is open the round
// is played through the server with the bet's id, each reveal and the cash-out signed by the
// player's key (the one-click session's, or one named for this round by one wallet signature) over
// the whole log so far, so the chain settles the round as it was played (engine/src/mines.ts). When
// the round ends its log goes to the lifecycle, which waits for the settlement and replays it.
import { GameType } from "@engine/gameTypes";
import { MINES, encodeMinesParams, minesActionBytes, minesTileCode, minesView } from "@engine/mines";
import { formatAmount, fromBaseUnits } from "@engine/tokens";
import type { ActionSigner, ChainBet, SettledBet } from "@/features/bets/onchain";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { idleLimitFrom, roundSigner } from "@/features/bets";
import { useWalletStore } from "@/features/wallet";
import { apiRequest } from "@/lib/api-client";
import { postCashOut, postReveal, type MinesRound, type MinesRoundSource } from "./round-source";

interface Round {
  bet: ChainBet;
  token: Token;
  stake: number;
  round: MinesRound;
  /** Who signs the round's actions, found at its first action. */
  signer: Promise<ActionSigner> | null;
  ended: boolean;
  /** Resolves the lifecycle's whilePlaced with the action log. */
  end: (log: string) => void;
  settled: Promise<SettledBet>;
}

/** The round in play. Module state, not the page's: the bet outlives a visit to another page. */
let playing: Round | null = null;

function roundOf(roundId: string): Round {
  if (playing?.round.roundId !== roundId || playing.ended) throw new Error("This round is no longer in play");
  return playing;
}

/** Ends the round for the lifecycle with the log the server took; one left in play is the idle rule's to finish. */
function endRound(current: Round): void {
  if (current.ended) return;
  current.ended = true;
  current.end(current.round.actions);
}

/** One action: the key signs Actions(betId, log so far + `code`), the server plays it. */
async function act(shown: MinesRound, code: string, post: (signature: string) => Promise<MinesRound>): Promise<MinesRound> {
  const current = roundOf(shown.roundId);
  const signer = await roundSigner(current);
  const signature = signer.sign(minesActionBytes(current.round.actions + code));
  const sentAt = Date.now();
  const answer = await post(signature);
  current.round = { ...answer, idle: await idleLimitFrom(sentAt) };
  // The settlement need not wait for the page: it may be left as soon as the round is over.
  if (answer.status !== "PLAYING") endRound(current);
  return current.round;
}

export const web3MinesSource: MinesRoundSource = {
  async start({ token, stake, mines }) {
    const { playOnChain } = await import("@/features/bets/onchain");
    return new Promise<MinesRound>((started, failed) => {
      const whilePlaced = async (bet: ChainBet): Promise<string> => {
        const sentAt = Date.now();
        let round: MinesRound;
        try {
          const answer = await apiRequest<MinesRound>("POST", "/api/mines/start", { token, action: "START", betId: bet.betId.toString() });
          round = { ...answer, idle: await idleLimitFrom(sentAt) };
        } catch (error) {
          // The bet is on chain all the same: the server ends a round never started once it idles (lost, no safe tile), and it settles.
          failed(error);
          return "";
        }
        return new Promise<string>((end) => {
          playing = { bet, token, stake, round, signer: null, ended: false, end, settled };
          started(round);
        });
      };
      const settled = playOnChain({ game: "mines", gameType: GameType.MINES, token, stake, params: encodeMinesParams(mines) }, whilePlaced);
      // Before the round starts a failure (refused, cancelled in the wallet) fails the start; later, result() reports it.
      settled.catch(failed);
    });
  },
  reveal: (round, tile) => act(round, minesTileCode(tile), (signature) => postReveal(round, tile, signature)),
  cashOut: (round) => act(round, MINES.CASH_OUT, (signature) => postCashOut(round, signature)),
  async result(round) {
    const current = playing?.round.roundId === round.roundId ? playing : null;
    if (!current) throw new Error("This round is no longer in play");
    endRound(current);
    try {
      const [settled, { settledOutcome }] = await Promise.all([current.settled, import("@/features/bets/onchain")]);
      if (settled.settlement.kind === "claimed") {
        const paid = formatTokenAmount(current.token, fromBaseUnits(settled.settlement.payout));
        throw new Error(`You claimed the bet back at its maximum payout: ${paid} ${current.token}.`);
      }
      const outcome = settledOutcome(settled);
      if (outcome.gameType !== GameType.MINES) throw new Error("The settled bet is not a mines round");
      // The tiles the settled word and the log give, with the payout the chain made (GamePlayed).
      return { ...minesView(outcome.mines), roundId: round.roundId, betId: round.betId, token: current.token, payout: formatAmount(settled.settlement.payout) };
    } finally {
      if (playing === current) playing = null;
    }
  },
  openRound() {
    const account = useWalletStore.getState().account?.toLowerCase();
    if (!playing || playing.bet.player.toLowerCase() !== account) return null;
    return { token: playing.token, stake: playing.stake, round: playing.round };
  },
};
