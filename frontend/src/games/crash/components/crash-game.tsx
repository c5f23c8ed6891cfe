import { GameType } from "@engine/gameTypes";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { OneClickPrompt } from "@/features/one-click";
import { AutoBetPanel, HotkeyList, StakeField, usePlayControls } from "@/features/play-controls";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "@/components/ui/button";
import { ArrowLeftIcon, VolumeOnIcon } from "@/components/ui/icons";
import { TokenSwitch } from "@/components/ui/token-switch";
import { formatTokenAmount, TOKEN_MULTIPLIER_BADGES } from "@/config/tokens";
import { unlockAudio, useAudioBlocked } from "@/features/sound";
import { usePlayableBalance } from "@/features/wallet";
import { useGameStake } from "@/features/choices";
import { roundBet } from "@/lib/bet-rules";
import { cn } from "@/lib/cn";
import type { ChartFrame } from "../chart-draw";
import { cashOutChanceText } from "../cash-out-chance";
import { formatMultiplier, parseAutoCashOut, potentialWin } from "../flight-machine";
import { useCrashFlight } from "../hooks/use-crash-flight";
import type { CrashRoundSource } from "../round-source";
import { AutoCashOutInput } from "./auto-cash-out-input";
import { CrashChart, type ChartHandle } from "./crash-chart";
import { HowToPlay } from "./how-to-play";
import { BetStatus, BetTerms, FairnessPanel } from "@/features/bets";
import { UsdValue } from "@/features/prices";

// The readout re-renders every 50 ms in flight; the controls and the help text need not follow.
const StillTokenSwitch = memo(TokenSwitch);
const StillStakeField = memo(StakeField);
const StillAutoCashOutInput = memo(AutoCashOutInput);
const StillHowToPlay = memo(HowToPlay);
/** PLAY AGAIN ignores clicks this long after a round ends, so a double-clicked CASH OUT stops there. */
export const PLAY_AGAIN_GUARD_MS = 600;

export function CrashGame({ source }: { source: CrashRoundSource }) {
  const { token, stake, setToken, setStake } = useGameStake("crash");
  const [autoText, setAutoText] = useState("");
  const playableBalance = usePlayableBalance(token, GameType.CRASH);
  const audioBlocked = useAudioBlocked();
  const chart = useRef<ChartHandle>(null);
  const { state, launching, launch, cashOut, playAgain } = useCrashFlight(source, chart);
  const { phase, flight, hundredths, elapsedSec, settlement, over } = state;
  const autoCashOut = parseAutoCashOut(autoText);
  const autoInvalid = Number.isNaN(autoCashOut);
  const ended = phase === "crashed" || phase === "cashedout";
  const [playAgainReady, setPlayAgainReady] = useState(false);
  useEffect(() => {
    if (!ended) {
      setPlayAgainReady(false);
      return;
    }
    const timer = setTimeout(() => setPlayAgainReady(true), PLAY_AGAIN_GUARD_MS);
    return () => clearTimeout(timer);
  }, [ended]);

  const target = autoInvalid ? null : autoCashOut;
  const play = useCallback(
    (amount: number) => launch({ token, stake: roundBet(token, amount), autoCashOut: target, playableBalance }),
    [launch, token, target, playableBalance],
  );
  const autoBet = usePlayControls({
    token,
    stake,
    setStake,
    play,
    // After a round, Space waits as PLAY AGAIN does: a cash-out pressed twice must not bet again.
    onSpace: () => (phase === "flying" ? cashOut() : (!ended || playAgainReady) && void play(stake)),
    locked: phase === "flying" || launching,
  });
  const locked = phase === "flying" || launching || autoBet.run.running;

  // While flying the frame loop draws; this frame is for the still chart before and after, on
  // the settled round once known (a live round flew its published curve until then).
  const round = settlement?.round ?? flight?.round ?? null;
  const stillSec = ended ? elapsedSec : 0;
  const stillFrame = useMemo<ChartFrame>(() => ({ round: phase === "idle" ? null : round, tSec: stillSec, status: phase }), [phase, round, stillSec]);

  const stakeShown = flight?.stake ?? stake;
  const tokenShown = flight?.token ?? token;

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-5 pb-28 sm:gap-6 sm:px-6 sm:py-8 sm:pb-8" data-testid="game-page-crash">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/lobby" className={buttonClasses("ghost", "sm", "-ml-2")} data-testid="crash-lobby">
          <ArrowLeftIcon className="size-4" />
          Lobby
        </Link>
        <h1 className="font-display text-2xl font-black tracking-tight text-white sm:text-3xl">Crash</h1>
        {audioBlocked && (
          <Button variant="secondary" size="sm" className="ml-auto" onClick={() => void unlockAudio()}>
            <VolumeOnIcon className="size-4 text-cyan" />
            Aktivera ljud
          </Button>
        )}
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="glass-card relative flex flex-col overflow-hidden p-3 backdrop-blur-none sm:p-5 lg:self-start">
          <div className="flex flex-col items-center pb-2 text-center">
            <p
              data-testid="crash-multiplier"
              data-phase={phase}
              data-crash-point={settlement?.round.crashPoint}
              data-cash-out={settlement?.cashOut ?? undefined}
              aria-live="off"
              className={cn(
                "font-display text-5xl font-black tabular-nums tracking-tight sm:text-7xl",
                phase === "crashed" ? "text-[#ff3d5a]" : phase === "cashedout" ? "text-emerald-300" : "text-white",
              )}
            >
              {formatMultiplier(hundredths)}
            </p>
            <p className={cn("h-6 text-sm text-slate-300", phase !== "flying" && "invisible")} data-testid="crash-potential-win">
              Potential Win{" "}
              <span className="font-bold text-gold tabular-nums">
                {formatTokenAmount(tokenShown, potentialWin(stakeShown, hundredths))} {tokenShown}
              </span>
            </p>
          </div>
          <div className="relative h-64 rounded-xl border border-white/10 bg-night-950/60 sm:h-80">
            <CrashChart ref={chart} frame={stillFrame} />
            {phase === "idle" && (
              <div className="pointer-events-none absolute inset-0 grid place-items-center p-4 text-center">
                <div>
                  <p className="font-display text-2xl font-black tracking-[0.2em] text-cyan sm:text-3xl">LAUNCH SEQUENCE</p>
                  <p className="mt-1 text-sm text-slate-300">Cash out before the spaceship crashes</p>
                </div>
              </div>
            )}
            {phase === "crashed" && (
              <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center p-4">
                <p className="rounded-2xl border border-[#ff3d5a]/50 bg-night-950/80 px-5 py-3 font-display text-2xl font-black text-[#ff5c75] sm:text-4xl">
                  CRASHED @ {formatMultiplier(hundredths)}
                </p>
              </div>
            )}
            {phase === "cashedout" && (
              <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center p-4 text-center">
                <div className="rounded-2xl border border-emerald-400/50 bg-night-950/80 px-5 py-3">
                  <p className="font-display text-2xl font-black text-emerald-300 sm:text-4xl" data-testid="crash-win">
                    {settlement ? `WIN +${formatTokenAmount(tokenShown, settlement.payout)} ${tokenShown}` : "Cashing out…"}
                  </p>
                  <p className="mt-1 text-sm text-slate-300">Cashed out @ {formatMultiplier(hundredths)}</p>
                  {settlement && <UsdValue token={tokenShown} amount={settlement.payout} className="mt-1 block text-sm" />}
                </div>
              </div>
            )}
          </div>
        </div>

        {/* A backdrop filter would make this card the containing block of the fixed phone bar. */}
        <div className="glass-card flex flex-col gap-4 p-4 max-sm:[backdrop-filter:none] sm:p-5">
          <StillTokenSwitch value={token} onChange={setToken} badges={TOKEN_MULTIPLIER_BADGES} disabled={locked} />
          <StillStakeField gameType={GameType.CRASH} token={token} value={stake} onChange={setStake} disabled={locked} />
          <StillAutoCashOutInput
            text={autoText}
            onChange={setAutoText}
            invalid={autoInvalid}
            disabled={locked}
            chance={target === null ? null : cashOutChanceText(token, target)}
          />
          <div className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-night-950/90 p-3 backdrop-blur-md sm:static sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
            {/* Keyed apart: a pointer or a screen reader holding CASH OUT never finds it turned into PLAY AGAIN, then START GAME. */}
            {phase === "flying" ? (
              <Button
                key="cash-out"
                size="lg"
                className="w-full border-0 bg-linear-to-r from-emerald-400 to-cyan font-black tracking-wider text-night-950 shadow-[0_0_28px_-4px_rgb(52_211_153/0.8)] hover:brightness-110"
                disabled={!flight?.cashOutAllowed || over}
                onClick={cashOut}
              >
                CASH OUT @ {formatMultiplier(hundredths)}
              </Button>
            ) : ended ? (
              <Button
                key="play-again"
                variant="primary"
                size="lg"
                className="w-full font-black tracking-wider"
                disabled={!playAgainReady || autoBet.run.running}
                onClick={playAgain}
              >
                PLAY AGAIN
              </Button>
            ) : (
              <Button
                key="start-game"
                variant="primary"
                size="lg"
                className="w-full font-black tracking-wider"
                disabled={launching || autoInvalid || autoBet.run.running}
                onClick={() => void play(stake)}
              >
                START GAME
              </Button>
            )}
          </div>
          <AutoBetPanel
            token={token}
            autoBet={autoBet}
            disabled={locked || target === null}
            requirement={target === null ? "Auto-bet needs an auto cash-out: each round then ends without you." : undefined}
          />
          <HotkeyList bet="start, or cash out" />
          <OneClickPrompt />
          <BetTerms />
          <BetStatus game="crash" />
          <FairnessPanel />
        </div>
      </div>

      <StillHowToPlay />
    </section>
  );
}
