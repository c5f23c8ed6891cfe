import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { DocumentIcon } from "@/components/ui/icons";
import { LogoMark } from "@/components/ui/logo";
import { GAMES } from "@/config/games";
import { ChainHeadline } from "@/features/chain";
import { loadLiveBetsPanel } from "@/features/live-bets";
import { useJackpotLabel, useWallet, ModeBadge } from "@/features/wallet";
import { BalanceCard } from "./components/balance-card";
import { GameCard } from "./components/game-card";
import { LobbyFooter } from "./components/lobby-footer";

/** Its own chunk (with the stream, which the layout opens on every page): the lobby's first load stays as it was. */
const LiveBetsPanel = lazy(loadLiveBetsPanel);

/**
 * Rows of three on a wide screen (six columns, two each), with wide cards (three columns) first in
 * rows of two when the count does not divide by three: two when it leaves two over (five: 2 + 3), four
 * when it leaves one (seven: 2 + 2 + 3), so that no row is left with one card. On two columns an odd
 * last card takes the whole row.
 */
const WIDE_CARDS = [0, 4, 2][GAMES.length % 3] ?? 0;

function gameCardSpan(index: number): string {
  const span = index < WIDE_CARDS ? "lg:col-span-3" : "lg:col-span-2";
  return index === GAMES.length - 1 && GAMES.length % 2 === 1 ? `sm:col-span-2 ${span}` : span;
}

export default function LobbyPage() {
  const { balance, isDemo, restoring, resetDemo } = useWallet();
  const jackpotLabel = useJackpotLabel();

  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <section className="flex flex-col items-center gap-6 pt-10 pb-8 text-center sm:pt-16">
        <LogoMark className="size-20 drop-shadow-[0_0_30px_rgb(255_61_168/0.45)] sm:size-24" />
        <div className="flex flex-col gap-3">
          <h1 className="font-display text-4xl font-black tracking-tight sm:text-6xl">
            <span className="neon-text">DEGEN</span> <span className="text-white">Casino</span>
          </h1>
          <p className="mx-auto max-w-xl text-base text-slate-300 sm:text-lg">
            <ChainHeadline />
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <ModeBadge withDot data-testid="mode-badge" />
          <Badge tone="pink" data-testid="jackpot-badge">
            Jackpot {jackpotLabel}
          </Badge>
        </div>
      </section>

      <section aria-label="Balances" className="mx-auto grid max-w-2xl grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4">
        {/* While an earlier visit's wallet comes back, neither the demo nor the vault balance is the player's yet. */}
        <BalanceCard token="DEGEN" amount={restoring ? null : balance.DEGEN} />
        <BalanceCard token="BNB" amount={restoring ? null : balance.BNB} />
      </section>
      {isDemo && !restoring && (
        <div className="mt-3 flex justify-center">
          <Button variant="ghost" size="sm" onClick={resetDemo}>
            Reset demo balances
          </Button>
        </div>
      )}

      <section aria-labelledby="games-heading" className="mt-12">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
          <h2 id="games-heading" className="font-display text-2xl font-bold text-white sm:text-3xl">
            Games
          </h2>
          <Link to="/whitepaper" className={buttonClasses("secondary", "md")} data-testid="whitepaper-button">
            <DocumentIcon className="size-4 text-gold" /> Read the Whitepaper
          </Link>
        </div>
        {/* Eight cards: a row of two wide cards over two rows of three on desktop; two by two on tablets. */}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
          {GAMES.map((game, index) => (
            <li key={game.id} className={gameCardSpan(index)}>
              <GameCard game={game} />
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-12">
        <Suspense fallback={null}>
          <LiveBetsPanel />
        </Suspense>
      </div>

      <LobbyFooter />
    </div>
  );
}
