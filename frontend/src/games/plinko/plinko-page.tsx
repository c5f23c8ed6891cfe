import { GameType } from "@engine/gameTypes";
import { useCallback } from "react";
import { Button } from "@/components/ui/button";
import { Confetti } from "@/components/ui/confetti";
import { ResultPill } from "@/components/ui/result-pill";
import { TokenSwitch } from "@/components/ui/token-switch";
import { TOKEN_MULTIPLIER_BADGES, formatTokenAmount } from "@/config/tokens";
import { useWallet, ModeBadge } from "@/features/wallet";
import { BetStatus, BetTerms, FairnessPanel } from "@/features/bets";
import { OneClickPrompt } from "@/features/one-click";
import { UsdValue } from "@/features/prices";
import { AutoBetPanel, HotkeyList, StakeField, usePlayControls } from "@/features/play-controls";
import { BetControls } from "./components/bet-controls";
import { DropHistory } from "./components/drop-history";
import { HowToPlay } from "./components/how-to-play";
import { PayoutsPanel } from "./components/payouts-panel";
import { PlinkoBoard } from "./components/plinko-board";
import { demoPlinkoSource, web3PlinkoSource } from "./round-source";
import { usePlinkoGame } from "./hooks/use-plinko-game";
import { RISK_LABELS, formatMultiplier, plinkoMultiplierOf } from "./plinko-display";
import "./plinko.css";

export default function PlinkoPage() {
  const { isDemo } = useWallet();
  const game = usePlinkoGame(isDemo ? demoPlinkoSource : web3PlinkoSource);
  const dropping = game.phase === "dropping";
  const result = game.phase === "result" ? game.lastRecord : null;
  const { drop } = game;
  const autoBet = usePlayControls({
    token: game.token,
    stake: game.stake,
    setStake: game.setStake,
    play: useCallback((stake: number) => drop(stake).then((record) => record?.profit ?? null), [drop]),
    onSpace: () => void drop(),
    locked: dropping,
  });
  const locked = dropping || autoBet.run.running;
  // The edge slots pay the most in every table (engine/src/limits.ts bounds a bet by slot 0).
  const edge = plinkoMultiplierOf(game.token, game.bet, 0);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8" data-testid="game-page-plinko">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">
            <span className="neon-text">Plinko</span>
          </h1>
          <p className="mt-1 text-sm text-slate-400">Drop a ball through the pegs. Pick your rows and your risk.</p>
        </div>
        <ModeBadge />
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="glass-card order-2 flex flex-col gap-5 p-5 lg:order-1">
          <TokenSwitch value={game.token} onChange={game.changeToken} badges={TOKEN_MULTIPLIER_BADGES} disabled={locked} />
          <StakeField gameType={GameType.PLINKO} token={game.token} value={game.stake} onChange={game.setStake} disabled={locked} />
          <BetControls bet={game.bet} onChange={game.setBet} disabled={locked} />
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-white/10 bg-night-950/50 px-4 py-3 text-sm">
            <span className="shrink-0 whitespace-nowrap text-slate-400">Edge slots pay</span>
            <span className="whitespace-nowrap font-semibold text-gold tabular-nums" data-testid="potential-win">
              {`${formatTokenAmount(game.token, game.stake * edge)} ${game.token} (${formatMultiplier(edge)})`}
            </span>
          </div>
          <Button variant="primary" size="lg" onClick={() => void drop()} disabled={locked} data-testid="drop-button">
            {dropping ? "Dropping…" : "DROP"}
          </Button>
          <AutoBetPanel token={game.token} autoBet={autoBet} disabled={locked} />
          <HotkeyList />
          <OneClickPrompt />
          <BetTerms />
          <BetStatus game="plinko" />
          <FairnessPanel />
        </div>

        <div className="glass-card order-1 flex min-w-0 flex-col items-center justify-center gap-5 p-3 sm:p-5 lg:order-2">
          <PlinkoBoard token={game.token} bet={game.bet} ball={game.ball} landed={result !== null} waiting={dropping && game.ball === null} />
          <ResultPill won={result?.won ?? null} data-testid="plinko-result" data-slot={result?.slot}>
            {result ? (
              <>
                Landed on {formatMultiplier(result.multiplier)} — {result.won ? "WIN" : "no luck"} {result.profit >= 0 ? "+" : "-"}
                {formatTokenAmount(result.token, Math.abs(result.profit))} {result.token}
                {result.won && result.profit > 0 && <UsdValue token={result.token} amount={result.profit} className="font-normal" />}
              </>
            ) : dropping ? (
              "Dropping…"
            ) : (
              `${game.bet.rows} rows, ${RISK_LABELS[game.bet.risk]} risk: drop to play`
            )}
          </ResultPill>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <DropHistory history={game.history} />
        <PayoutsPanel token={game.token} bet={game.bet} />
        <div className="md:col-span-2">
          <HowToPlay />
        </div>
      </div>
      <Confetti burst={game.winBurst} />
    </section>
  );
}
