import { gameTitle } from "@/config/games";
import { TOKENS, type Token } from "@/config/tokens";
import { displayAmount } from "@/features/wallet";
import { cn } from "@/lib/cn";
import type { GameStats } from "../stats-api";

/** The numbers of a set of games in one token, added up. */
function totalOf(games: readonly GameStats[]) {
  const add = (pick: (game: GameStats) => string) => games.reduce((sum, game) => sum + BigInt(pick(game)), 0n);
  return {
    bets: games.reduce((sum, game) => sum + game.bets, 0),
    wagered: add((game) => game.wagered),
    paid: add((game) => game.paid),
    profit: add((game) => game.profit),
    biggestWin: games.reduce((max, game) => (BigInt(game.biggestWin) > max ? BigInt(game.biggestWin) : max), 0n),
  };
}

const signed = (token: Token, wei: bigint) => `${wei > 0n ? "+" : ""}${displayAmount(token, wei)} ${token}`;

/** Per token the player bet in: bets, wagered, paid out, net profit and biggest win, in all and per game. */
export function PlayerSummary({ games }: { games: readonly GameStats[] }) {
  const tokens = TOKENS.filter((token) => games.some((game) => game.token === token));
  if (tokens.length === 0) return <p className="text-sm text-slate-400">No bets settled on chain yet.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {tokens.map((token) => {
        const inToken = games.filter((game) => game.token === token);
        const total = totalOf(inToken);
        return (
          <section key={token} aria-labelledby={`summary-${token}`} className="glass-card flex flex-col gap-3 p-4" data-testid={`player-summary-${token}`}>
            <h2 id={`summary-${token}`} className="font-display text-lg font-bold text-white">
              In {token}
            </h2>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
              <Figure label="Bets" value={String(total.bets)} testId="total-bets" />
              <Figure label="Wagered" value={`${displayAmount(token, total.wagered)} ${token}`} testId="total-wagered" wei={total.wagered} />
              <Figure label="Paid out" value={`${displayAmount(token, total.paid)} ${token}`} testId="total-paid" wei={total.paid} />
              <Figure
                label="Net profit"
                value={signed(token, total.profit)}
                testId="total-profit"
                wei={total.profit}
                tone={total.profit > 0n ? "text-cyan" : total.profit < 0n ? "text-pink" : undefined}
              />
              <Figure label="Biggest win" value={`${displayAmount(token, total.biggestWin)} ${token}`} testId="total-biggest-win" wei={total.biggestWin} />
            </dl>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm tabular-nums">
                <caption className="sr-only">Per game in {token}</caption>
                <thead className="text-xs text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      Game
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      Bets
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      Wagered
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Net profit
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {inToken.map((game) => (
                    <tr key={game.gameType} className="border-t border-white/5" data-testid="game-stats" data-game-type={game.gameType}>
                      <th scope="row" className="py-1 pr-2 font-normal text-slate-200">
                        {gameTitle(game)}
                      </th>
                      <td className="py-1 pr-2 text-right">{game.bets}</td>
                      <td className="py-1 pr-2 text-right">{displayAmount(token, BigInt(game.wagered))}</td>
                      <td className={cn("py-1 text-right", BigInt(game.profit) > 0n ? "text-cyan" : BigInt(game.profit) < 0n ? "text-pink" : "")}>
                        {signed(token, BigInt(game.profit))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </div>
  );
}

function Figure({ label, value, testId, wei, tone }: { label: string; value: string; testId: string; wei?: bigint; tone?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className={cn("font-semibold text-white tabular-nums", tone)} data-testid={testId} data-wei={wei?.toString()}>
        {value}
      </dd>
    </div>
  );
}
