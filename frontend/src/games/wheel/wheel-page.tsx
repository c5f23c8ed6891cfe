import { GameType } from "@engine/gameTypes";
import { useCallback } from "react";
import { Button } from "@/components/ui/button";
import { Confetti } from "@/components/ui/confetti";
import { ResultPill } from "@/components/ui/result-pill";
import { TokenSwitch } from "@/components/ui/token-switch";
import { formatTokenAmount } from "@/config/tokens";
import { useWallet, ModeBadge } from "@/features/wallet";
import { ColourPicker } from "./components/colour-picker";
import { HowToPlay } from "./components/how-to-play";
import { PayoutsPanel } from "./components/payouts-panel";
import { SpinHistory } from "./components/spin-history";
import { WheelDisc } from "./components/wheel-disc";
import { BetStatus, BetTerms, FairnessPanel } from "@/features/bets";
import { OneClickPrompt } from "@/features/one-click";
import { UsdValue } from "@/features/prices";
import { AutoBetPanel, HotkeyList, StakeField, usePlayControls } from "@/features/play-controls";
import { demoWheelSource, web3WheelSource } from "./round-source";
import { useWheelGame } from "./hooks/use-wheel-game";
import { WHEEL_COLOURS, formatMultiplier, tokenBadges, wheelMultiplier } from "./wheel-display";

export default function WheelPage() {
  const { isDemo } = useWallet();
  const game = useWheelGame(isDemo ? demoWheelSource : web3WheelSource);
  const spinning = game.phase === "spinning";
  const count = game.selected.length;
  const result = game.phase === "result" ? game.lastRecord : null;
  const { spin } = game;
  const autoBet = usePlayControls({
    token: game.token,
    stake: game.bet,
    setStake: game.setBet,
    play: useCallback((stake: number) => spin(stake).then((record) => record?.profit ?? null), [spin]),
    onSpace: () => void spin(),
    locked: spinning,
  });
  const locked = spinning || autoBet.run.running;

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8" data-testid="game-page-wheel">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">
            Wheel of <span className="neon-text">Fortune</span>
          </h1>
          <p className="mt-1 text-sm text-slate-400">Ten colours, one pointer. Pick up to nine and spin.</p>
        </div>
        <ModeBadge />
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="glass-card order-2 flex flex-col gap-5 p-5 lg:order-1">
          <TokenSwitch value={game.token} onChange={game.changeToken} badges={tokenBadges(count)} disabled={locked} />
          <StakeField gameType={GameType.WHEEL} token={game.token} value={game.bet} onChange={game.setBet} disabled={locked} />
          <ColourPicker selected={game.selected} onToggle={game.toggleColour} limitReached={game.limitReached} disabled={locked} />
          <div className="flex items-center justify-between gap-3 rounded-xl border border-white/10 bg-night-950/50 px-4 py-3 text-sm">
            <span className="shrink-0 whitespace-nowrap text-slate-400">Potential win</span>
            <span className="whitespace-nowrap font-semibold text-gold tabular-nums" data-testid="potential-win">
              {count === 0
                ? "—"
                : `${formatTokenAmount(game.token, game.bet * wheelMultiplier(game.token, count))} ${game.token} (${formatMultiplier(wheelMultiplier(game.token, count))})`}
            </span>
          </div>
          <Button variant="primary" size="lg" onClick={() => void spin()} disabled={locked || count === 0} data-testid="spin-button">
            {spinning ? "Spinning…" : "SPIN"}
          </Button>
          <AutoBetPanel token={game.token} autoBet={autoBet} disabled={locked || count === 0} />
          <HotkeyList />
          <OneClickPrompt />
          <BetTerms />
          <BetStatus game="wheel" />
          <FairnessPanel />
        </div>

        <div className="glass-card order-1 flex flex-col items-center justify-center gap-4 p-5 lg:order-2">
          <WheelDisc
            rotation={game.rotation}
            landingAt={game.landingAt}
            spinning={spinning}
            rotorRef={game.rotor}
            selected={game.selected}
            onSpin={() => void spin()}
          />
          <ResultPill won={result?.won ?? null} data-testid="wheel-result" data-segment={result?.segment}>
            {result ? (
              <>
                <span aria-hidden="true" className="size-3 rounded-full" style={{ background: WHEEL_COLOURS[result.segment].hex }} />
                {result.label} — {result.won ? "WIN" : "no luck"} {result.profit >= 0 ? "+" : "-"}
                {formatTokenAmount(result.token, Math.abs(result.profit))} {result.token}
                {result.won && result.profit > 0 && <UsdValue token={result.token} amount={result.profit} className="font-normal" />}
              </>
            ) : spinning ? (
              "Round and round it goes…"
            ) : (
              "Place your bet"
            )}
          </ResultPill>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        <PayoutsPanel token={game.token} colourCount={count} />
        <SpinHistory history={game.history} />
        <HowToPlay />
      </div>
      <Confetti burst={game.winBurst} />
    </section>
  );
}
