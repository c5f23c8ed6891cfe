import { GameType } from "@engine/gameTypes";
import { useEffect, useRef, useState } from "react";
import type { Token } from "@/config/tokens";
import { playNotes, playSound } from "@/features/sound/index";
import { useWallet } from "@/features/wallet/index";
import { useGameStake } from "@/features/choices/index";
import { BANNER_MS, dealRefusal, isFinal, outcomeBanner, splitRefusal, type BannerMessage } from "../blackjack-display";
import { CARD_DEALT } from "../sounds";
import { failureNote, idleLimitText, isWalletCancel, type RoundNote } from "@/lib/round-notes";
import { useOneCallAtATime } from "@/lib/use-one-call-at-a-time";
import type { BlackjackRoundSource, BlackjackTable } from "../round-source";

type Action = "hit" | "stand" | "split";

/** betting → playing → settling (the result is awaited: web3, the chain's settlement) → finished (New Round). */
export type HandPhase = "betting" | "playing" | "settling" | "finished";

/**
 * docs/product.md §4 'Blackjack'. Demo money: the bet leaves the balance when the hand is dealt, a split
 * takes a second bet, and a finished hand credits the server's payout (the total returned: a push
 * gives the stake back, both stakes after a split). Web3: the source stakes on chain and the
 * result shown is the settled one; balances are the chain's, so applyPayout does nothing there.
 */
export function useBlackjackGame(source: BlackjackRoundSource) {
  const { getPlayableBalance, applyPayout, isDemo } = useWallet();
  const { token, stake: bet, setToken: changeToken, setStake: setBet } = useGameStake("blackjack");
  const [table, setTable] = useState<BlackjackTable | null>(null);
  const [phase, setPhase] = useState<HandPhase>("betting");
  /** The bet of the hand on the table (the bet control may change meanwhile only between hands). */
  const [handBet, setHandBet] = useState(0);
  const { busy, run } = useOneCallAtATime(isWalletCancel);
  const [banner, setBanner] = useState<(BannerMessage & { id: number }) | null>(null);
  const [note, setNote] = useState<RoundNote | null>(null);
  const [winBurst, setWinBurst] = useState<number | null>(null);
  const bannerId = useRef(0);
  /** Counts hands: a result that arrives after the table moved on (a new source) is dropped. */
  const handNo = useRef(0);

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const show = (message: BannerMessage) => setBanner({ ...message, id: ++bannerId.current });

  function announce(finished: BlackjackTable, handToken: Token) {
    if (finished.payout > 0) applyPayout(handToken, finished.payout);
    const message = outcomeBanner(finished, handToken);
    show(message);
    if (message.tone === "win") {
      playSound("win");
      setWinBurst(bannerId.current);
    } else if (message.tone === "lose") {
      playSound("lose");
    } else {
      playSound("coin");
    }
  }

  /** The hand is over (or stood by the server): show the source's result of it. */
  async function finish(last: BlackjackTable, handToken: Token) {
    const hand = handNo.current;
    setTable(last);
    setPhase("settling");
    try {
      const shown = await source.result(last);
      if (hand !== handNo.current) return;
      setTable(shown);
      announce(shown, handToken);
    } catch (error) {
      if (hand !== handNo.current) return;
      // The bet's panel (BetStatus) tells its state; the table closes with the reason.
      console.error("Blackjack result", error);
      setNote({ text: error instanceof Error ? error.message : String(error), tone: "error" });
    }
    setPhase("finished");
  }

  // A new source (demo ↔ web3) starts from its own hand: the one a web3 page left in play, if any.
  useEffect(() => {
    handNo.current++;
    const open = source.openHand();
    setBanner(null);
    setNote(null);
    setTable(open?.table ?? null);
    setPhase(open ? "playing" : "betting");
    if (!open) return;
    changeToken(open.token);
    setHandBet(open.stake);
    if (isFinal(open.table)) void finish(open.table, open.token);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- this render's finish is the new source's
  }, [source]);

  // Web3: past the idle limit the server stands the hand; the table waits for that result.
  useEffect(() => {
    const endsAt = table?.idle?.endsAt;
    if (phase !== "playing" || busy || !table || endsAt === undefined) return;
    const timer = window.setTimeout(() => standForIdle(table), Math.max(0, endsAt - Date.now()));
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token cannot change while a hand is played
  }, [phase, busy, table]);

  function standForIdle(idle: BlackjackTable) {
    setNote({ text: `No action for ${idleLimitText(idle.idle!.limitMs)}: the server stands for you.`, tone: "info" });
    void finish(idle, token);
  }

  /** One call at a time; a failure shows its banner (web3: and why) and leaves the table as it was. */
  const request = <T>(call: () => Promise<T>, errorText: string, chainReason: boolean) =>
    run(call, (error) => {
      console.error(errorText, error);
      show({ text: errorText, tone: "error" });
      if (!isDemo) setNote(failureNote(error, chainReason));
    });

  async function deal() {
    const refusal = dealRefusal(token, getPlayableBalance(token, GameType.BLACKJACK), bet);
    if (refusal) return show({ text: refusal, tone: "error" });
    const stake = bet;
    const handToken = token;
    setNote(null);
    // A chain's refusal of the bet is told by the bet's panel (BetStatus), with a Deposit button.
    const dealt = await request(() => source.start({ token: handToken, stake }), "Error starting game", false);
    if (!dealt) return;
    handNo.current++;
    applyPayout(handToken, -stake);
    setHandBet(stake);
    setBanner(null);
    setTable(dealt);
    setPhase("playing");
    playNotes(CARD_DEALT);
    if (isFinal(dealt)) void finish(dealt, handToken);
  }

  async function act(action: Action) {
    if (!table || phase !== "playing") return;
    if (table.idle && Date.now() >= table.idle.endsAt) return standForIdle(table);
    if (action === "split") {
      const refusal = splitRefusal(token, getPlayableBalance(token, GameType.BLACKJACK), handBet);
      if (refusal) return show({ text: refusal, tone: "error" });
    }
    const hand = { token, sessionId: table.sessionId };
    const progress = (step: string | null) => setNote(step === null ? null : { text: step, tone: "info" });
    setNote(null);
    const call = () => (action === "split" ? source.split({ ...hand, progress }) : source[action](hand));
    const update = await request(call, `Error processing ${action}`, true);
    if (!update) return;
    const next = { ...table, ...update };
    if (action === "split") applyPayout(token, -handBet);
    setTable(next);
    playNotes(CARD_DEALT);
    if (isFinal(next)) void finish(next, token);
    else if (next.activeSplit && next.activeSplit !== table.activeSplit) {
      show({ text: `Playing hand ${next.activeSplit === "first" ? 1 : 2}`, tone: "info" });
    }
  }

  const newRound = () => {
    setTable(null);
    setBanner(null);
    setNote(null);
    setPhase("betting");
  };

  return {
    token,
    changeToken,
    bet,
    setBet,
    table,
    phase,
    handBet,
    busy,
    banner,
    note,
    winBurst,
    deal,
    hit: () => act("hit"),
    stand: () => act("stand"),
    split: () => act("split"),
    newRound,
  };
}
