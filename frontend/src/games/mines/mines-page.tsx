import { GameType } from "@engine/gameTypes";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Confetti } from "@/components/ui/confetti";
import { ResultPill } from "@/components/ui/result-pill";
import { TokenSwitch } from "@/components/ui/token-switch";
import { TOKEN_MULTIPLIER_BADGES, formatTokenAmount } from "@/config/tokens";
import { BetStatus, BetTerms, FairnessPanel } from "@/features/bets";
import { OneClickPrompt } from "@/features/one-click";
import { HotkeyList, StakeField, useHotkeys } from "@/features/play-controls";
import { UsdValue } from "@/features/prices";
import { useWallet, ModeBadge } from "@/features/wallet";
import { halveBet, multiplyBet } from "@/lib/bet-rules";
import { cn } from "@/lib/cn";
import { BetControls } from "./components/bet-controls";
import { HowToPlay } from "./components/how-to-play";
import { IdleNotice } from "./components/idle-notice";
import { MinesGrid } from "./components/mines-grid";
import { MultiplierPanel } from "./components/multiplier-panel";
import { PayoutsPanel } from "./components/payouts-panel";
import { useMinesGame } from "./hooks/use-mines-game";
import { formatMultiplier, minesMultiplierOf, safeTileCount } from "./mines-display";
import { demoMinesSource } from "./round-source";
import { web3MinesSource } from "./web3-round-source";
import "./mines.css";

export default function MinesPage() {
  const { isDemo } = useWallet();
  const game = useMinesGame(isDemo ? demoMinesSource : web3MinesSource);
  const { round, phase, token } = game;
  const playing = phase === "playing";
  const locked = playing || phase === "settling" || game.busy;
  const inPlay = playing && round !== null;
  // The figures follow the round until its result shows; then the next round's, at the mines and stake chosen.
  const shown = round !== null && (playing || phase === "settling") ? round : null;
  const mines = shown?.mines ?? game.mines;
  const safe = shown?.safe ?? 0;
  const nextPayout = shown ? (shown.nextCashOut === null ? null : Number(shown.nextCashOut)) : game.stake * minesMultiplierOf(token, mines, 1);
  const actions = useRef<HTMLDivElement>(null);

  // No auto-bet: a round is the player's picks. Space starts a round or cashes it out (crash's key), H and D change the stake between rounds.
  useHotkeys({
    bet: () => (playing ? game.cashOut() : void game.start()),
    halve: () => !locked && game.setStake(halveBet(token, game.stake)),
    double: () => !locked && game.setStake(multiplyBet(token, game.stake, 2)),
    stopAutoBet: () => undefined,
  });

  // The tile that ended the round is disabled with the grid: the keyboard's focus goes on to Start, not back to the page's top.
  useEffect(() => {
    if (phase === "finished" && document.activeElement === document.body) actions.current?.querySelector("button")?.focus();
  }, [phase]);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8" data-testid="game-page-mines">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">
            <span className="neon-text">Mines</span>
          </h1>
          <p className="mt-1 text-sm text-slate-400">Find the gems, dodge the mines. Cash out before you hit one.</p>
        </div>
        <ModeBadge />
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
        <div className="glass-card flex min-w-0 flex-col items-center gap-5 p-3 sm:p-5 lg:self-start">
          {/* Not disabled while a reveal is answered: the tile keeps the keyboard's focus, and the game takes one call at a time. */}
          <MinesGrid round={round} playing={playing} onReveal={game.reveal} />
          <ResultPill
            won={round && round.status !== "PLAYING" ? round.status === "CASHED_OUT" : null}
            data-testid="mines-result"
            data-status={round?.status}
            data-payout={round?.payout}
          >
            <ResultText game={game} />
          </ResultPill>
        </div>

        <div className="glass-card flex min-w-0 flex-col gap-5 p-5">
          <TokenSwitch value={token} onChange={game.changeToken} badges={TOKEN_MULTIPLIER_BADGES} disabled={locked} />
          <StakeField gameType={GameType.MINES} token={token} value={game.stake} onChange={game.setStake} disabled={locked} />
          <BetControls mines={game.mines} onChange={game.setMines} disabled={locked} />
          <MultiplierPanel token={token} mines={mines} safe={safe} nextPayout={nextPayout} />
          <div ref={actions} className="flex flex-col">
            {inPlay ? (
              <Button variant="primary" size="lg" onClick={game.cashOut} disabled={game.busy || round.safe === 0} data-testid="mines-cashout-button">
                Cash out {formatTokenAmount(token, Number(round.cashOut))} {token}
              </Button>
            ) : (
              <Button variant="primary" size="lg" onClick={() => void game.start()} disabled={locked} data-testid="mines-start-button">
                {phase === "settling" ? "Settling…" : game.busy ? "Starting…" : "Start"}
              </Button>
            )}
          </div>
          {inPlay && round.safe === 0 && <p className="text-xs text-slate-400">Reveal a tile to cash out.</p>}
          {game.note && (
            <p
              className={cn("text-sm", game.note.tone === "error" ? "text-pink" : "text-slate-300")}
              role={game.note.tone === "error" ? "alert" : "status"}
              data-testid="mines-note"
            >
              {game.note.text}
            </p>
          )}
          {inPlay && round.idle && <IdleNotice idle={round.idle} safe={round.safe} />}
          <HotkeyList bet="start, or cash out" autoBet={false} />
          <OneClickPrompt />
          <BetTerms />
          <BetStatus game="mines" />
          <FairnessPanel />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <PayoutsPanel token={token} mines={mines} safe={safe} />
        <HowToPlay />
      </div>
      <Confetti burst={game.winBurst} />
    </section>
  );
}

/** The line under the grid: the round's state, or its outcome. */
function ResultText({ game }: { game: ReturnType<typeof useMinesGame> }) {
  const { round, phase } = game;
  if (!round) return <>{`${game.mines} mines among 25 tiles: ${safeTileCount(game.mines)} gems to find. Start to play.`}</>;
  const token = round.token;
  const tiles = round.safe === 1 ? "1 gem" : `${round.safe} gems`;
  if (phase === "settling") return <>Settling…</>;
  if (round.status === "PLAYING")
    return <>{round.safe === 0 ? "Pick a tile." : `${tiles} found: ${formatMultiplier(minesMultiplierOf(token, round.mines, round.safe))}`}</>;
  if (round.status === "BUSTED") return <>{`Hit a mine after ${tiles} — no luck -${formatTokenAmount(token, game.roundStake)} ${token}`}</>;
  const profit = Number(round.payout) - game.roundStake;
  return (
    <>
      {`Cashed out ${tiles} at ${formatMultiplier(minesMultiplierOf(token, round.mines, round.safe))} — WIN ${profit >= 0 ? "+" : "-"}${formatTokenAmount(token, Math.abs(profit))} ${token}`}
      {profit > 0 && <UsdValue token={token} amount={profit} className="font-normal" />}
    </>
  );
}
