import { GameType } from "@engine/gameTypes";
import { useCallback } from "react";
import { Button } from "@/components/ui/button";
import { Confetti } from "@/components/ui/confetti";
import { ResultPill } from "@/components/ui/result-pill";
import { TokenSwitch } from "@/components/ui/token-switch";
import { formatTokenAmount } from "@/config/tokens";
import { useWallet, ModeBadge } from "@/features/wallet";
import { cn } from "@/lib/cn";
import { BetStatus, BetTerms, FairnessPanel } from "@/features/bets";
import { OneClickPrompt } from "@/features/one-click";
import { UsdValue } from "@/features/prices";
import { AutoBetPanel, HotkeyList, StakeField, usePlayControls } from "@/features/play-controls";
import { BetControls } from "./components/bet-controls";
import { DiceTrack } from "./components/dice-track";
import { HowToPlay } from "./components/how-to-play";
import { RollHistory } from "./components/roll-history";
import { demoDiceSource, web3DiceSource } from "./round-source";
import { useDiceGame } from "./hooks/use-dice-game";
import { diceMultiplierOf, formatMultiplier, formatRoll, tokenBadges } from "./dice-display";
import "./dice.css";

export default function DicePage() {
  const { isDemo } = useWallet();
  const game = useDiceGame(isDemo ? demoDiceSource : web3DiceSource);
  const rolling = game.phase === "rolling";
  const result = game.phase === "result" ? game.lastRecord : null;
  const { roll } = game;
  const autoBet = usePlayControls({
    token: game.token,
    stake: game.stake,
    setStake: game.setStake,
    play: useCallback((stake: number) => roll(stake).then((record) => record?.profit ?? null), [roll]),
    onSpace: () => void roll(),
    locked: rolling,
  });
  const locked = rolling || autoBet.run.running;
  const multiplier = diceMultiplierOf(game.token, game.bet);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8" data-testid="game-page-dice">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">
            <span className="neon-text">Dice</span>
          </h1>
          <p className="mt-1 text-sm text-slate-400">One roll from 0.00 to 99.99. Pick your odds.</p>
        </div>
        <ModeBadge />
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="glass-card order-2 flex flex-col gap-5 p-5 lg:order-1">
          <TokenSwitch value={game.token} onChange={game.changeToken} badges={tokenBadges(game.bet)} disabled={locked} />
          <StakeField gameType={GameType.DICE} token={game.token} value={game.stake} onChange={game.setStake} disabled={locked} />
          <BetControls token={game.token} bet={game.bet} onChange={game.setBet} disabled={locked} />
          <div className="flex items-center justify-between gap-3 rounded-xl border border-white/10 bg-night-950/50 px-4 py-3 text-sm">
            <span className="shrink-0 whitespace-nowrap text-slate-400">Payout on win</span>
            <span className="whitespace-nowrap font-semibold text-gold tabular-nums" data-testid="potential-win">
              {`${formatTokenAmount(game.token, game.stake * multiplier)} ${game.token} (${formatMultiplier(multiplier)})`}
            </span>
          </div>
          <Button variant="primary" size="lg" onClick={() => void roll()} disabled={locked} data-testid="roll-button">
            {rolling ? "Rolling…" : "ROLL"}
          </Button>
          <AutoBetPanel token={game.token} autoBet={autoBet} disabled={locked} />
          <HotkeyList />
          <OneClickPrompt />
          <BetTerms />
          <BetStatus game="dice" />
          <FairnessPanel />
        </div>

        <div className="glass-card order-1 flex flex-col items-center justify-center gap-6 p-5 lg:order-2">
          <p
            className={cn(
              "font-display text-6xl font-black tabular-nums sm:text-7xl",
              rolling && "animate-pulse text-slate-400",
              result?.won && "text-cyan",
              result && !result.won && "text-pink",
              !rolling && !result && "text-white",
            )}
            data-testid="dice-roll"
            aria-hidden="true"
          >
            {rolling ? "··.··" : result ? formatRoll(result.roll) : formatRoll(game.bet.target)}
          </p>
          <DiceTrack
            bet={game.bet}
            onTarget={(target) => game.setBet({ ...game.bet, target })}
            roll={game.lastRecord?.roll ?? null}
            won={game.lastRecord?.won ?? null}
            rolling={rolling}
            disabled={locked}
          />
          <ResultPill won={result?.won ?? null} data-testid="dice-result" data-roll={result?.roll}>
            {result ? (
              <>
                Rolled {formatRoll(result.roll)} — {result.won ? "WIN" : "no luck"} {result.profit >= 0 ? "+" : "-"}
                {formatTokenAmount(result.token, Math.abs(result.profit))} {result.token}
                {result.won && result.profit > 0 && <UsdValue token={result.token} amount={result.profit} className="font-normal" />}
              </>
            ) : rolling ? (
              "Rolling…"
            ) : (
              `Roll ${game.bet.side === "UNDER" ? "under" : "over"} ${formatRoll(game.bet.target)} to win`
            )}
          </ResultPill>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <RollHistory history={game.history} />
        <HowToPlay />
      </div>
      <Confetti burst={game.winBurst} />
    </section>
  );
}
