import { GameType } from "@engine/gameTypes";
import { useCallback } from "react";
import { OneClickPrompt } from "@/features/one-click";
import { AutoBetPanel, HotkeyList, StakeField, usePlayControls } from "@/features/play-controls";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { TokenSwitch } from "@/components/ui/token-switch";
import { kickboxingRtpBadges } from "@/config/game-returns";
import { useGameStake } from "@/features/choices";
import { roundBet } from "@/lib/bet-rules";
import { usePlayableBalance, useJackpotLabel } from "@/features/wallet";
import { useKickboxingMatch } from "../hooks/use-kickboxing-match";
import { fightersAfter } from "../match-machine";
import type { KickboxingRoundSource } from "../round-source";
import { Arena } from "./arena";
import { BetButtons } from "./bet-buttons";
import { FightStats } from "./fight-stats";
import { HowToPlay } from "./how-to-play";
import { HpBar } from "./hp-bar";
import { ResultBanner } from "./result-banner";
import { BetStatus, BetTerms, FairnessPanel } from "@/features/bets";
import "../kickboxing.css";

export function KickboxingGame({ source }: { source: KickboxingRoundSource }) {
  const { token, stake, setToken, setStake } = useGameStake("kickboxing");
  const playableBalance = usePlayableBalance(token, GameType.KICKBOXING);
  const { state, starting, chooseBet, startMatch, newMatch } = useKickboxingMatch(source);
  const jackpotLabel = useJackpotLabel();
  const { phase, round, shownExchanges, countdownSec } = state;
  const fighters = fightersAfter(round?.fight.timeline ?? [], phase === "idle" ? 0 : shownExchanges);
  const play = useCallback((amount: number) => startMatch({ token, stake: roundBet(token, amount), playableBalance }), [startMatch, token, playableBalance]);
  const autoBet = usePlayControls({
    token,
    stake,
    setStake,
    play,
    onSpace: () => void (phase === "finished" ? newMatch() : play(stake)),
    locked: phase === "fighting" || starting,
  });
  const locked = phase !== "idle" || starting || autoBet.run.running;

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-5 sm:gap-6 sm:px-6 sm:py-8" data-testid="game-page-kickboxing">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/lobby" className={buttonClasses("ghost", "sm", "-ml-2")} data-testid="kickboxing-lobby">
          <ArrowLeftIcon className="size-4" />
          Lobby
        </Link>
        <h1 className="font-display text-2xl font-black tracking-tight text-white sm:text-3xl">Kickboxing</h1>
        {token === "DEGEN" && (
          <Badge tone="gold" data-testid="kickboxing-jackpot">
            Jackpot: {jackpotLabel}
          </Badge>
        )}
        <div className="ml-auto flex items-center gap-2 rounded-xl border border-white/15 bg-night-950/60 px-3 py-1.5" aria-label="Fight time">
          <span className="text-xs font-semibold tracking-wider text-slate-400">Time</span>
          <span
            data-testid="kickboxing-countdown"
            className={`font-display text-xl font-black tabular-nums ${phase === "fighting" && countdownSec <= 5 ? "text-pink" : "text-white"}`}
          >
            {countdownSec}s
          </span>
        </div>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        {/* No backdrop blur behind the arena, as behind crash's graph: the fighters move on every
            frame, and each frame blurred the card's backdrop again (a whole core of a headless
            chromium drawing in software, 0.2 of one without the blur). */}
        <div className="glass-card flex flex-col gap-3 p-3 backdrop-blur-none sm:gap-4 sm:p-5 lg:self-start">
          <div className="flex items-center gap-4">
            <HpBar corner="RED" hp={fighters.RED.hp} />
            <span className="font-display text-sm font-black text-slate-500">VS</span>
            <HpBar corner="BLUE" hp={fighters.BLUE.hp} />
          </div>
          <Arena phase={phase} fight={round?.fight ?? null} shownExchanges={shownExchanges}>
            {phase === "finished" && round && <ResultBanner round={round} />}
          </Arena>
          {phase !== "idle" && <FightStats red={fighters.RED} blue={fighters.BLUE} />}
        </div>

        <div className="glass-card flex flex-col gap-4 p-4 sm:p-5">
          <TokenSwitch value={token} onChange={setToken} badges={kickboxingRtpBadges(state.bet)} disabled={locked} />
          <StakeField gameType={GameType.KICKBOXING} token={token} value={stake} onChange={setStake} disabled={locked} label="Stake amount" />
          <BetButtons value={state.bet} onChange={chooseBet} disabled={locked} />
          {/* Keyed apart, as crash's: an element held as START MATCH never becomes NEW MATCH. */}
          {phase === "finished" ? (
            <Button key="new-match" variant="primary" size="lg" className="w-full font-black tracking-wider" onClick={newMatch}>
              NEW MATCH
            </Button>
          ) : (
            <Button
              key="start-match"
              variant="primary"
              size="lg"
              className="w-full font-black tracking-wider"
              disabled={locked}
              onClick={() => void play(stake)}
            >
              START MATCH
            </Button>
          )}
          <AutoBetPanel token={token} autoBet={autoBet} disabled={phase === "fighting" || starting || state.bet === null} />
          <HotkeyList />
          <OneClickPrompt />
          <BetTerms />
          <BetStatus game="kickboxing" />
          <FairnessPanel />
        </div>
      </div>

      <HowToPlay />
    </section>
  );
}
