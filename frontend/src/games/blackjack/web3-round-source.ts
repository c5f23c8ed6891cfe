// Web3 blackjack (issue #14): Deal places the bet on chain; while it is open the hand is played
// through the server with the bet's id, the player's clicks driving it, each action signed by the
// player's key (issue #20: the one-click session's, or one named for this hand by one wallet
// signature), so the chain settles the hand as it was played; when the hand ends, the action log
// goes to the lifecycle, which waits for the settlement and replays the log with the engine. The
// wallet code and the engine's rules load only when a hand is dealt.
import type { BlackjackAction } from "@engine/blackjack";
import type { SettledBet, ActionSigner, ChainBet } from "@/features/bets/onchain";
import type { TxPhase } from "@/features/wallet/onchain";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { idleLimitFrom, roundSigner } from "@/features/bets";
import { useWalletStore } from "@/features/wallet";
import { apiRequest } from "@/lib/api-client";
import { isFinal } from "./blackjack-display";
import { dealtTable, postAction, type ActionRoute, type Answer, type BlackjackRoundSource, type BlackjackTable } from "./round-source";

/** The second stake's steps, as the split button's note says them. */
const STAKE_STEPS: Partial<Record<TxPhase, string>> = {
  checking: "Checking the second stake…",
  "waiting-for-wallet": "Confirm the second stake in your wallet…",
  pending: "Adding the second stake on chain…",
  confirmed: "Second stake added. Splitting…",
};

interface Round {
  bet: ChainBet;
  token: Token;
  stake: number;
  table: BlackjackTable;
  /** The actions the server took, in order: what the settlement must replay. */
  actions: BlackjackAction[];
  /** addStake was mined: a failed POST /split is retried without a second transaction. */
  stakeAdded: boolean;
  /** Who signs the hand's actions, found at its first action. */
  signer: Promise<ActionSigner> | null;
  ended: boolean;
  /** Resolves the lifecycle's whilePlaced with the action log. */
  end: (log: BlackjackAction[]) => void;
  settled: Promise<SettledBet>;
}

/** The hand in play. Module state, not the page's: the bet outlives a visit to another page. */
let round: Round | null = null;

function roundOf(sessionId: string): Round {
  if (round?.table.sessionId !== sessionId || round.ended) throw new Error("This hand is no longer in play");
  return round;
}

/** Ends the hand for the lifecycle. An unfinished log is the server's auto-stand: split first if the second stake was paid, then stand. */
function endRound(current: Round): void {
  if (current.ended) return;
  current.ended = true;
  current.end(current.stakeAdded && current.actions.length === 0 ? ["SPLIT"] : [...current.actions]);
}

async function act(route: ActionRoute, request: { token: Token; sessionId: string }): Promise<Partial<BlackjackTable>> {
  const current = roundOf(request.sessionId);
  const action = route.toUpperCase() as BlackjackAction;
  const [signer, { encodeBlackjackActions }, { blackjackActionBytes }] = await Promise.all([
    roundSigner(current),
    import("@engine/blackjack"),
    import("@engine/session"),
  ]);
  const signature = signer.sign(blackjackActionBytes(encodeBlackjackActions([...current.actions, action])));
  const sentAt = Date.now();
  const update = await postAction(route, { ...request, signature });
  current.actions.push(action);
  current.table = { ...current.table, ...update, idle: await idleLimitFrom(sentAt) };
  // The settlement need not wait for the page: it may be left as soon as the hand is over.
  if (isFinal(current.table)) endRound(current);
  return { ...update, idle: current.table.idle };
}

/** casino.addStake(betId) from the player's wallet: simulated first, a refusal in the wallet is TxCancelled. */
async function addSecondStake(current: Round, progress: (step: string | null) => void): Promise<void> {
  const { readyWallet, sendTransaction } = await import("@/features/wallet/onchain");
  const wallet = await readyWallet();
  const tx = await wallet.contracts.casino.addStake.populateTransaction(current.bet.betId);
  await sendTransaction(wallet, tx, (update) => progress(STAKE_STEPS[update.phase] ?? null), { token: current.token });
}

export const web3BlackjackSource: BlackjackRoundSource = {
  async start({ token, stake }) {
    const [{ playOnChain }, { GameType }] = await Promise.all([import("@/features/bets/onchain"), import("@engine/gameTypes")]);
    return new Promise<BlackjackTable>((dealt, failed) => {
      const whilePlaced = async (bet: ChainBet): Promise<BlackjackAction[]> => {
        const sentAt = Date.now();
        let table: BlackjackTable;
        try {
          const answer = await apiRequest<Answer>("POST", "/api/blackjack/start", { token, action: "START", betId: bet.betId.toString() });
          table = { ...dealtTable(answer), idle: await idleLimitFrom(sentAt) };
        } catch (error) {
          // The bet is on chain all the same: the server stands a hand never started once it idles, and it settles.
          failed(error);
          return [];
        }
        return new Promise<BlackjackAction[]>((end) => {
          round = { bet, token, stake, table, actions: [], stakeAdded: false, signer: null, ended: false, end, settled };
          if (isFinal(table)) endRound(round);
          dealt(table);
        });
      };
      const settled = playOnChain({ game: "blackjack", gameType: GameType.BLACKJACK, token, stake, params: 0n }, whilePlaced);
      // Before the hand is dealt a failure (refused, cancelled in the wallet) fails the deal; later, result() reports it.
      settled.catch(failed);
    });
  },
  hit: (request) => act("hit", request),
  stand: (request) => act("stand", request),
  async split({ progress = () => undefined, ...request }) {
    const current = roundOf(request.sessionId);
    // Signed by a session key, the server takes the second stake from the session (CasinoSessions.split): no popup.
    if (!current.stakeAdded && !(await roundSigner(current)).viaSession) {
      try {
        await addSecondStake(current, progress);
      } finally {
        progress(null);
      }
      current.stakeAdded = true;
    }
    return act("split", request);
  },
  async result(table) {
    const current = round?.table.sessionId === table.sessionId ? round : null;
    if (!current) throw new Error("This hand is no longer in play");
    endRound(current);
    try {
      const [settled, { settledOutcome }, { GameType }, { blackjackView }, { fromBaseUnits }] = await Promise.all([
        current.settled,
        import("@/features/bets/onchain"),
        import("@engine/gameTypes"),
        import("@engine/blackjack"),
        import("@engine/tokens"),
      ]);
      if (settled.settlement.kind === "claimed") {
        const paid = formatTokenAmount(current.token, fromBaseUnits(settled.settlement.payout));
        throw new Error(`You claimed the bet back at its maximum payout: ${paid} ${current.token}.`);
      }
      const outcome = settledOutcome(settled);
      if (outcome.gameType !== GameType.BLACKJACK) throw new Error("The settled bet is not a blackjack hand");
      // The cards the settled word and the log give, with the payout the chain made (GamePlayed).
      return { ...blackjackView(outcome.blackjack), sessionId: table.sessionId, payout: fromBaseUnits(settled.settlement.payout) };
    } finally {
      if (round === current) round = null;
    }
  },
  openHand() {
    const account = useWalletStore.getState().account?.toLowerCase();
    if (!round || round.bet.player.toLowerCase() !== account) return null;
    return { token: round.token, stake: round.stake, table: round.table };
  },
};
