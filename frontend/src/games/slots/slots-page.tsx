import { GameType } from "@engine/gameTypes";
import { useMemo } from "react";
import { OneClickPrompt } from "@/features/one-click";
import { AutoBetPanel, HotkeyList, StakeField, usePlayControls } from "@/features/play-controls";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Confetti } from "@/components/ui/confetti";
import { TokenSwitch } from "@/components/ui/token-switch";
import { formatTokenAmount, TOKEN_MULTIPLIER_BADGES } from "@/config/tokens";
import { useWallet, useJackpotLabel, ModeBadge } from "@/features/wallet";
import { BigWinOverlay } from "./components/big-win-overlay";
import { Paytable } from "./components/paytable";
import { ReelGrid } from "./components/reel-grid";
import { BetStatus, BetTerms, FairnessPanel } from "@/features/bets";
import { UsdValue } from "@/features/prices";
import { demoSlotsSource, web3SlotsSource } from "./round-source";
import { CONFETTI_MS, SLOT_MAX_SHOWN_MULTIPLE } from "./slots-display";
import { useSlotsGame } from "./hooks/use-slots-game";
import "./slots.css";

export default function SlotsPage() {
  const { isDemo } = useWallet();
  const game = useSlotsGame(isDemo ? demoSlotsSource : web3SlotsSource);
  const jackpotLabel = useJackpotLabel();
  const autoBet = usePlayControls({
    token: game.token,
    stake: game.bet,
    setStake: game.setBet,
    play: game.spin,
    onSpace: () => void game.spin(),
    locked: game.spinning,
  });
  const locked = game.spinning || autoBet.run.running;
  const highlighted = useMemo(() => new Set(game.win?.lines.flatMap((line) => line.cells.map(([reel, row]) => `${reel}-${row}`)) ?? []), [game.win]);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8" data-testid="game-page-slots">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">
            <span className="neon-text">Slots</span>
          </h1>
          <p className="mt-1 text-sm text-slate-400">Five reels, three rows, five lines.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {game.token === "DEGEN" && (
            <Badge tone="gold" data-testid="jackpot-badge">
              Jackpot {jackpotLabel}
            </Badge>
          )}
          <ModeBadge />
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <div className="glass-card flex flex-col gap-4 p-3 sm:p-5 lg:self-start">
          <div className="grid grid-cols-2 gap-3 text-center">
            <div className="rounded-xl border border-cyan/30 bg-night-950/60 px-3 py-2">
              <p className="text-xs tracking-wider text-slate-400">Win</p>
              <p className="font-display text-xl font-bold text-cyan tabular-nums sm:text-2xl" data-testid="win-display">
                {formatTokenAmount(game.token, game.win && game.win.token === game.token ? game.win.amount : 0)}
              </p>
              {game.win && game.win.token === game.token && game.win.amount > 0 && (
                <UsdValue token={game.win.token} amount={game.win.amount} className="text-xs" />
              )}
            </div>
            <div className="rounded-xl border border-gold/30 bg-night-950/60 px-3 py-2">
              <p className="text-xs tracking-wider text-slate-400">Max</p>
              <p className="font-display text-xl font-bold text-gold tabular-nums sm:text-2xl" data-testid="max-display">
                {formatTokenAmount(game.token, game.bet * SLOT_MAX_SHOWN_MULTIPLE)}
              </p>
            </div>
          </div>
          <ReelGrid reels={game.reels} stoppedReels={game.stoppedReels} highlighted={highlighted} />
          <div className="flex min-h-8 flex-wrap justify-center gap-2" data-testid="win-lines" aria-live="polite">
            {game.win?.lines.map((line) => (
              <span
                key={line.line}
                className="slots-pop inline-flex items-center rounded-full border border-gold/60 bg-gold/15 px-3 py-1 text-sm font-bold text-gold"
                data-testid="win-line"
              >
                {line.line} · {line.match}
              </span>
            ))}
            {!game.win && <span className="text-sm text-slate-500">{game.spinning ? "Good luck…" : "Line up 3 or more from the left reel"}</span>}
          </div>
        </div>

        <div className="glass-card flex flex-col gap-5 p-5">
          <TokenSwitch value={game.token} onChange={game.changeToken} badges={TOKEN_MULTIPLIER_BADGES} disabled={locked} />
          <StakeField gameType={GameType.SLOTS} token={game.token} value={game.bet} onChange={game.setBet} disabled={locked} />
          <Button variant="primary" size="lg" onClick={() => void game.spin()} disabled={locked} data-testid="spin-button" className="h-14 text-lg">
            {game.spinning ? "Spinning…" : "SPIN"}
          </Button>
          <AutoBetPanel token={game.token} autoBet={autoBet} disabled={locked} />
          <HotkeyList />
          <OneClickPrompt />
          <BetTerms />
          <BetStatus game="slots" />
          <FairnessPanel />
        </div>
      </div>

      <Paytable token={game.token} />
      <Confetti burst={game.confettiBurst} durationMs={CONFETTI_MS} />
      <BigWinOverlay win={game.bigWin} />
    </section>
  );
}
