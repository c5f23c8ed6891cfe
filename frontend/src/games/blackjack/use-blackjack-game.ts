import { useEffect, useRef, useState } from "react";
import type { Token } from "@/config/tokens";
import { playNotes, playSound } from "@/features/sound";
import { useWallet } from "@/features/wallet";
import { DEFAULT_BET } from "@/lib/bet-rules";
import { BANNER_MS, dealRefusal, isFinal, outcomeBanner, splitRefusal, type BannerMessage } from "./blackjack-rules";
import { CARD_DEALT } from "./blackjack-sounds";
import type { BlackjackRoundSource, BlackjackTable } from "./round-source";

/** Switching token resets the bet to a stake that fits it (10 DEGEN, 0.01 BNB). */
const defaultBet = (token: Token) => (token === "BNB" ? 0.01 : DEFAULT_BET);

type Action = "hit" | "stand" | "split";
const ACTION_ERRORS: Record<Action, string> = {
  hit: "Error processing hit",
  stand: "Error processing stand",
  split: "Error processing split",
};

/**
 * SPEC §4 'Blackjack' in demo money: the bet leaves the balance when the hand is dealt, a split
 * takes a second bet, and a finished hand credits the server's payout (the total returned: a
 * push gives the stake back, both stakes after a split).
 */
export function useBlackjackGame(source: BlackjackRoundSource) {
  const { getPlayableBalance, applyPayout } = useWallet();
  const [token, setToken] = useState<Token>("DEGEN");
  const [bet, setBet] = useState<number>(DEFAULT_BET);
  const [table, setTable] = useState<BlackjackTable | null>(null);
  /** The bet of the hand on the table (the bet control may change meanwhile only between hands). */
  const [handBet, setHandBet] = useState(0);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<(BannerMessage & { id: number }) | null>(null);
  const [winBurst, setWinBurst] = useState<number | null>(null);
  const bannerId = useRef(0);
  const inFlight = useRef(false);

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const show = (message: BannerMessage) => setBanner({ ...message, id: ++bannerId.current });

  const changeToken = (next: Token) => {
    setToken(next);
    setBet(defaultBet(next));
  };

  function settle(finished: BlackjackTable) {
    if (finished.payout > 0) applyPayout(token, finished.payout);
    const message = outcomeBanner(finished, token);
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

  /** Runs one call at a time; a failure only shows its banner and leaves the table as it was. */
  async function request<T>(call: () => Promise<T>, errorText: string): Promise<T | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    try {
      return await call();
    } catch (error) {
      console.error(errorText, error);
      show({ text: errorText, tone: "error" });
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  async function deal() {
    const refusal = dealRefusal(token, getPlayableBalance(token), bet);
    if (refusal) return show({ text: refusal, tone: "error" });
    const stake = bet;
    const dealt = await request(() => source.start({ token, stake }), "Error starting game");
    if (!dealt) return;
    applyPayout(token, -stake);
    setHandBet(stake);
    setBanner(null);
    setTable(dealt);
    playNotes(CARD_DEALT);
    if (isFinal(dealt)) settle(dealt);
  }

  async function act(action: Action) {
    if (!table || isFinal(table)) return;
    if (action === "split") {
      const refusal = splitRefusal(token, getPlayableBalance(token), handBet);
      if (refusal) return show({ text: refusal, tone: "error" });
    }
    const update = await request(() => source[action]({ token, sessionId: table.sessionId }), ACTION_ERRORS[action]);
    if (!update) return;
    const next = { ...table, ...update };
    if (action === "split") applyPayout(token, -handBet);
    setTable(next);
    playNotes(CARD_DEALT);
    if (isFinal(next)) settle(next);
    else if (next.activeSplit && next.activeSplit !== table.activeSplit) {
      show({ text: `Playing hand ${next.activeSplit === "first" ? 1 : 2}`, tone: "info" });
    }
  }

  const newRound = () => {
    setTable(null);
    setBanner(null);
  };

  return {
    token,
    changeToken,
    bet,
    setBet,
    table,
    handBet,
    busy,
    banner,
    winBurst,
    deal,
    hit: () => act("hit"),
    stand: () => act("stand"),
    split: () => act("split"),
    newRound,
  };
}
