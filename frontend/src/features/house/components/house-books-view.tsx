import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import type { Token } from "@engine/tokens";
import { TokenSwitch } from "@/components/ui/token-switch";
import { gameTitle } from "@/config/games";
import { TOKEN_DISPLAY_DECIMALS } from "@/config/tokens";
import { displayAmount } from "@/features/wallet";
import { betPath } from "@/lib/bet-path";
import { cn } from "@/lib/cn";
import { deviations, houseBooks, type HouseBooks } from "../books";
import type { HouseReading } from "../read-books";

/** The chart library loads with the first chart, not with the page. */
const LuckChart = lazy(() => import("./luck-chart"));

type Reading = { status: "loading" } | { status: "error"; error: string } | { status: "ready"; reading: HouseReading };

/** Whole tokens at the token's display decimals, with the sign a result needs. */
const tokens = (token: Token, value: number, signed = false) => {
  const digits = TOKEN_DISPLAY_DECIMALS[token];
  return `${signed && value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value).toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
};
const weiTokens = (wei: bigint) => Number(wei) / 1e18;

/** Beyond this many standard deviations from the odds' prediction, the house's result is called beyond chance. */
const CHANCE_BOUND = 2;

/**
 * The house's books per token (the house page): its funds now, and every resolved bet since the
 * deployment, added up here from the Casino's events, against what the published odds predict.
 */
export function HouseBooksView() {
  const [token, setToken] = useState<Token>("DEGEN");
  const [reading, setReading] = useState<Reading>({ status: "loading" });
  useEffect(() => {
    let current = true;
    void import("../read-books")
      .then(({ readHouseBooks }) => readHouseBooks())
      .then(
        (answer) => current && setReading({ status: "ready", reading: answer }),
        (error: unknown) => current && setReading({ status: "error", error: (error as Error).message }),
      );
    return () => {
      current = false;
    };
  }, []);

  if (reading.status === "loading") return <p className="text-sm text-slate-400">Reading the Casino's events from the chain…</p>;
  if (reading.status === "error")
    return (
      <p role="alert" className="text-sm text-pink">
        Reading the chain failed: {reading.error}
      </p>
    );
  const books = houseBooks(token, reading.reading.resolved);
  return (
    <div className="flex flex-col gap-6" data-testid="house-books" data-token={token}>
      <div className="flex flex-wrap items-end gap-4">
        <TokenSwitch value={token} onChange={setToken} />
        <p className="text-xs text-slate-400" data-testid="house-read-up-to">
          From the Casino's events on {reading.reading.chainName} up to block {reading.reading.readUpTo}.
        </p>
      </div>
      <Funds token={token} reading={reading.reading} />
      <Result books={books} />
      <ByGame books={books} />
      <Largest books={books} />
    </div>
  );
}

function Funds({ token, reading }: { token: Token; reading: HouseReading }) {
  const { bankroll, reserved } = reading.funds[token];
  return (
    <section aria-labelledby="house-funds-title" className="glass-card flex flex-col gap-3 p-5">
      <h2 id="house-funds-title" className="font-display text-lg font-bold text-white">
        The bankroll now
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="Bankroll" testId="house-bankroll" wei={bankroll} token={token} />
        <Figure label="Reserved by open bets" testId="house-reserved" wei={reserved} token={token} />
        <Figure label="Free to back new bets" testId="house-free" wei={bankroll - reserved} token={token} />
        {token === "DEGEN" && (
          <>
            <Figure label="Jackpot pool (apart from the bankroll)" testId="house-jackpot-pool" wei={reading.jackpotPool} token={token} />
            <Figure label="Paid by jackpot hits" testId="house-jackpot-paid" wei={reading.jackpotPaid} token={token} />
          </>
        )}
      </dl>
    </section>
  );
}

function Result({ books }: { books: HouseBooks }) {
  const { token } = books;
  const result = weiTokens(books.result);
  const wagered = weiTokens(books.wagered);
  const z = deviations(books);
  const perThousand = (value: number) => (wagered === 0 ? "—" : `${tokens(token, (value / wagered) * 1000, true)} ${token}`);
  return (
    <section aria-labelledby="house-result-title" className="glass-card flex flex-col gap-3 p-5 text-sm text-slate-300">
      <h2 id="house-result-title" className="font-display text-lg font-bold text-white">
        The house's result against the odds
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label="Bets resolved" testId="house-bets">
          {books.bets.toLocaleString("en-US")}
          {books.claimed > 0 && <span className="text-slate-400"> ({books.claimed} claimed back)</span>}
        </Stat>
        <Figure label="Wagered" testId="house-wagered" wei={books.wagered} token={token} />
        <Figure label="Paid to players" testId="house-paid" wei={books.paid} token={token} />
        <Stat label="The house kept" testId="house-result" data={books.result.toString()}>
          {tokens(token, result, true)} {token}
        </Stat>
        <Stat label="The odds predict" testId="house-expected" data={books.expected.toString()}>
          {tokens(token, books.expected, true)} ± {tokens(token, books.spread)} {token}
        </Stat>
        <Stat label="Per 1,000 wagered" testId="house-per-thousand">
          {perThousand(result)} <span className="text-slate-400">(predicted {perThousand(books.expected)})</span>
        </Stat>
      </dl>
      {books.bets > 1 && (
        <Suspense fallback={<div className="h-56" />}>
          <LuckChart books={books} />
        </Suspense>
      )}
      {books.bets > 0 && (
        <p data-testid="house-luck" data-deviations={z.toFixed(4)} className={cn(Math.abs(z) > CHANCE_BOUND && "text-gold")}>
          {Math.abs(z).toFixed(2)} standard deviations {z >= 0 ? "above" : "below"} the prediction:{" "}
          {Math.abs(z) <= CHANCE_BOUND
            ? "within chance."
            : `beyond ${CHANCE_BOUND} standard deviations: ${z > 0 ? "the house has been lucky" : "the players have been lucky"}.`}
        </p>
      )}
      <p className="text-xs text-slate-400">
        {token === "DEGEN"
          ? "DEGEN pays players 102 % on wheel, slots, crash, dice, plinko and mines: a DEGEN bankroll loses in expectation as volume grows."
          : "BNB pays players 98 % on wheel, slots, crash, dice, plinko and mines: a BNB bankroll keeps 2 % of what they wager there, in expectation."}{" "}
        The prediction is each bet's stake times one minus its return under the game's rules (blackjack at basic strategy), and its spread one standard
        deviation of the result{books.spreadBounded ? ", taken at its upper bound for slots, blackjack, mines and manual crash cash-outs" : ""}. A bet claimed
        back after its settle window counts at the maximum payout it was paid.
      </p>
    </section>
  );
}

function ByGame({ books }: { books: HouseBooks }) {
  if (books.byGame.length === 0) return null;
  return (
    <section aria-labelledby="house-games-title" className="glass-card flex flex-col gap-3 p-5 text-sm">
      <h2 id="house-games-title" className="font-display text-lg font-bold text-white">
        Per game
      </h2>
      <table className="w-full text-left tabular-nums">
        <thead className="text-xs text-slate-400">
          <tr>
            <th className="py-1 font-medium">Game</th>
            <th className="py-1 text-right font-medium">Bets</th>
            <th className="py-1 text-right font-medium">Wagered ({books.token})</th>
            <th className="py-1 text-right font-medium">The house kept ({books.token})</th>
          </tr>
        </thead>
        <tbody>
          {books.byGame.map((game) => (
            <tr key={game.gameType} className="border-t border-white/5" data-testid="house-game" data-game={game.gameType}>
              <td className="py-1.5 text-slate-200">{gameTitle(game)}</td>
              <td className="py-1.5 text-right">{game.bets}</td>
              <td className="py-1.5 text-right">{displayAmount(books.token, game.wagered)}</td>
              <td className="py-1.5 text-right">{tokens(books.token, weiTokens(game.wagered - game.paid), true)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Largest({ books }: { books: HouseBooks }) {
  const largest = books.largest.filter((bet) => bet.payout > 0n);
  if (largest.length === 0) return null;
  return (
    <section aria-labelledby="house-largest-title" className="glass-card flex flex-col gap-3 p-5 text-sm">
      <h2 id="house-largest-title" className="font-display text-lg font-bold text-white">
        The largest payouts
      </h2>
      <ol className="flex flex-col">
        {largest.map((bet) => (
          <li key={bet.betId.toString()} className="flex flex-wrap justify-between gap-x-3 border-t border-white/5 py-1.5" data-testid="house-largest">
            <Link to={betPath(bet.betId, bet.block)} className="text-cyan underline-offset-2 hover:underline">
              {gameTitle(bet)}
            </Link>
            <span className="tabular-nums text-slate-200">
              {displayAmount(books.token, bet.totalStake)} → {displayAmount(books.token, bet.payout)} {books.token}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Figure({ label, testId, wei, token }: { label: string; testId: string; wei: bigint; token: Token }) {
  return (
    <Stat label={label} testId={testId} data={wei.toString()}>
      {displayAmount(token, wei)} {token}
    </Stat>
  );
}

function Stat({ label, testId, data, children }: { label: string; testId: string; data?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="font-semibold text-white tabular-nums" data-testid={testId} data-value={data}>
        {children}
      </dd>
    </div>
  );
}
