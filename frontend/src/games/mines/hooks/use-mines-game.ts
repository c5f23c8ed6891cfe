import { GameType } from "@engine/gameTypes";
import { useEffect, useRef, useState } from "react";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { useGameStake } from "@/features/choices/index";
import { playNotes, playSound } from "@/features/sound/index";
import { toast } from "@/features/toast/index";
import { useWallet } from "@/features/wallet/index";
import { failureNote, idleLimitText, isWalletCancel } from "@/lib/round-notes";
import { useOneCallAtATime } from "@/lib/use-one-call-at-a-time";
import { DEFAULT_MINES, formatMultiplier, minesMultiplierOf, validateStart } from "../mines-display";
import type { MinesRound, MinesRoundSource } from "../round-source";
import { MINE_NOTES, SAFE_NOTES } from "../sounds";

/** idle → playing → settling (web3: the chain's settlement is awaited) → finished (Start plays again). */
export type MinesPhase = "idle" | "playing" | "settling" | "finished";

/**
 * docs/product.md §2 'Mines'. Demo money: the stake leaves the balance when the round starts and a
 * finished round credits the server's payout. Web3: the source stakes on chain and the result shown
 * is the settled one; balances are the chain's, so applyPayout does nothing there.
 */
export function useMinesGame(source: MinesRoundSource) {
  const { getPlayableBalance, applyPayout, isDemo } = useWallet();
  const { token, stake, setToken: changeToken, setStake } = useGameStake("mines");
  const [mines, setMines] = useState(DEFAULT_MINES);
  const [round, setRound] = useState<MinesRound | null>(null);
  const [phase, setPhase] = useState<MinesPhase>("idle");
  /** The stake of the round on the grid (the bet input may change only between rounds). */
  const [roundStake, setRoundStake] = useState(0);
  const { busy, run } = useOneCallAtATime(isWalletCancel);
  /** Why the round ended without the player (the idle rule), or why its result cannot be shown. */
  const [note, setNote] = useState<{ text: string; tone: "info" | "error" } | null>(null);
  const [winBurst, setWinBurst] = useState<number | null>(null);
  /** Counts rounds: a result that arrives after the grid moved on (a new source) is dropped. */
  const roundNo = useRef(0);

  /** The toasts of every game: a payout above the stake wins, one below it loses the difference. */
  function announce(finished: MinesRound, stakeOfRound: number, roundToken: Token) {
    const payout = Number(finished.payout);
    applyPayout(roundToken, payout);
    if (payout > stakeOfRound) {
      const multiplier = formatMultiplier(minesMultiplierOf(roundToken, finished.mines, finished.safe));
      toast({ title: "YOU WON!", description: `Won ${formatTokenAmount(roundToken, payout)} ${roundToken} (${multiplier})` });
      playSound("win");
      setWinBurst(roundNo.current);
    } else if (payout < stakeOfRound) {
      toast({ title: "Better Luck Next Time", description: `Lost ${formatTokenAmount(roundToken, stakeOfRound - payout)} ${roundToken}`, variant: "error" });
      playSound("lose");
    }
  }

  /** The round is over (or the server is ending it): show the source's result of it. */
  async function finish(last: MinesRound, stakeOfRound: number, roundToken: Token) {
    const current = roundNo.current;
    setRound(last);
    setPhase("settling");
    try {
      const shown = await source.result(last);
      if (current !== roundNo.current) return;
      setRound(shown);
      announce(shown, stakeOfRound, roundToken);
    } catch (error) {
      if (current !== roundNo.current) return;
      // The bet's panel (BetStatus) tells its state; the grid closes with the reason.
      console.error("Mines result", error);
      setNote({ text: error instanceof Error ? error.message : String(error), tone: "error" });
    }
    setPhase("finished");
  }

  // A new source (demo ↔ web3) starts from its own round: the one a web3 page left in play, if any.
  useEffect(() => {
    roundNo.current++;
    const open = source.openRound();
    setNote(null);
    setRound(open?.round ?? null);
    setPhase(open ? "playing" : "idle");
    if (!open) return;
    changeToken(open.token);
    setMines(open.round.mines);
    setRoundStake(open.stake);
    if (open.round.status !== "PLAYING") void finish(open.round, open.stake, open.token);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- this render's finish is the new source's
  }, [source]);

  // Web3: past the idle limit the server ends the round by the idle rule; the grid waits for that result.
  useEffect(() => {
    const endsAt = round?.idle?.endsAt;
    if (phase !== "playing" || busy || !round || endsAt === undefined) return;
    const timer = window.setTimeout(() => endForIdle(round), Math.max(0, endsAt - Date.now()));
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token and stake cannot change while a round is played
  }, [phase, busy, round]);

  function endForIdle(idle: MinesRound) {
    const rule = idle.safe === 0 ? "with no safe tile the round is lost" : "the server cashes out your safe tiles";
    setNote({ text: `No action for ${idleLimitText(idle.idle!.limitMs)}: ${rule}.`, tone: "info" });
    void finish(idle, roundStake, token);
  }

  /** One call at a time; a failure shows its toast with the server's (web3: or the chain's) reason and leaves the round as it was. */
  const request = <T>(call: () => Promise<T>, errorTitle: string, chainReason: boolean) =>
    run(call, (error) => {
      console.error(errorTitle, error);
      toast({ title: errorTitle, description: failureNote(error, chainReason && !isDemo)?.text, variant: "error" });
    });

  async function start() {
    if (phase === "playing" || phase === "settling") return;
    const refusal = validateStart(stake, getPlayableBalance(token, GameType.MINES), token);
    if (refusal) return void toast({ ...refusal, variant: "error" });
    const stakeOfRound = stake;
    const roundToken = token;
    setNote(null);
    // A chain's refusal of the bet is told by the bet's panel (BetStatus), with a Deposit button.
    const started = await request(() => source.start({ token: roundToken, stake: stakeOfRound, mines }), "Error starting game", false);
    if (!started) return;
    roundNo.current++;
    applyPayout(roundToken, -stakeOfRound);
    setRoundStake(stakeOfRound);
    setRound(started);
    setPhase("playing");
  }

  async function act(call: (current: MinesRound) => Promise<MinesRound>, errorTitle: string) {
    if (!round || phase !== "playing") return;
    if (round.idle && Date.now() >= round.idle.endsAt) return endForIdle(round);
    const next = await request(() => call(round), errorTitle, true);
    if (!next) return;
    setRound(next);
    if (next.status === "BUSTED") playNotes(MINE_NOTES);
    else if (next.safe > round.safe) playNotes(SAFE_NOTES);
    if (next.status !== "PLAYING") void finish(next, roundStake, token);
  }

  const reveal = (tile: number) => {
    if (round?.revealed.includes(tile)) return;
    void act((current) => source.reveal(current, tile), "Error revealing tile");
  };
  /** Refused before the first safe tile (engine cashOutMines): Space does nothing then, as the button. */
  const cashOut = () => {
    if (round?.safe === 0) return;
    void act((current) => source.cashOut(current), "Error cashing out");
  };

  return { token, changeToken, stake, setStake, mines, setMines, round, phase, roundStake, busy, note, winBurst, start, reveal, cashOut };
}
