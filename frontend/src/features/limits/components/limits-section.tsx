import { useCallback, useEffect, useState } from "react";
import { TokenSwitch } from "@/components/ui/token-switch";
import type { Token } from "@/config/tokens";
import { displayAmount } from "@/features/wallet";
import { readLimits } from "../limits-chain";
import { BET_CAP_NAME, dateTime, WINDOW_NAMES, type PlayerLimits, type TokenLimits } from "../limit-changes";
import { CoolOff } from "./cool-off";
import { LimitsForm } from "./limits-form";

const amount = (token: Token, wei: bigint) => `${displayAmount(token, wei)} ${token}`;

/**
 * The Account dialog's limits (issue #20 item 5, contracts/CasinoLimits.sol): each loss limit, the
 * largest bet and the cool-off, how much of each is used, and the player's own transactions that
 * set them. Read from the chain through the wallet.
 */
export function LimitsSection() {
  const [token, setToken] = useState<Token>("DEGEN");
  const [limits, setLimits] = useState<PlayerLimits | null>(null);
  const [failed, setFailed] = useState(false);
  const reread = useCallback(() => {
    readLimits().then(
      (read) => {
        setLimits(read);
        setFailed(false);
      },
      (error: unknown) => {
        console.warn("Reading your limits failed", error);
        setFailed(true);
      },
    );
  }, []);
  useEffect(reread, [reread]);

  return (
    <section className="mt-5 flex flex-col gap-3 border-t border-white/10 pt-4" data-testid="limits" aria-labelledby="limits-title">
      <h3 id="limits-title" className="font-display text-lg font-bold text-white">
        Your limits
      </h3>
      <p className="text-xs text-slate-400">
        Set by you for this wallet and enforced by the Casino contract on every bet, however it is sent. Withdrawals are never blocked.
      </p>
      {limits === null ? (
        <p className="text-sm text-slate-400">{failed ? "Your limits could not be read from the chain." : "Reading your limits…"}</p>
      ) : (
        <>
          <TokenSwitch value={token} onChange={setToken} />
          <LimitsTable token={token} limits={limits.tokens[token]} />
          <LimitsForm key={token} token={token} current={limits.tokens[token]} onSaved={reread} />
          <CoolOff coolOff={limits.coolOff} onSaved={reread} />
        </>
      )}
    </section>
  );
}

function LimitsTable({ token, limits }: { token: Token; limits: TokenLimits }) {
  const rows = [
    ...WINDOW_NAMES.map((name, window) => {
      const { limit, used, pending } = limits.loss[window]!;
      return { name, limit, used: limit === 0n ? null : used, pending };
    }),
    { name: BET_CAP_NAME, limit: limits.betCap.limit, used: null, pending: limits.betCap.pending },
  ];
  return (
    <table className="w-full text-left text-xs" data-testid="limits-table">
      <thead className="text-slate-400">
        <tr>
          <th className="py-1 font-medium">Limit</th>
          <th className="py-1 font-medium">Set</th>
          <th className="py-1 font-medium">Used</th>
        </tr>
      </thead>
      <tbody className="text-slate-200 tabular-nums">
        {rows.map((row, index) => (
          <tr key={row.name} className="border-t border-white/5" data-testid={`limit-row-${index}`}>
            <td className="py-1.5 pr-2 text-slate-300">{row.name}</td>
            <td className="py-1.5 pr-2">
              {row.limit === 0n ? "No limit" : amount(token, row.limit)}
              {row.pending !== null && (
                <span className="block text-gold" data-testid={`limit-pending-${index}`}>
                  {row.pending === 0n ? "No limit" : amount(token, row.pending)} from {dateTime(limits.pendingAt)}
                </span>
              )}
            </td>
            <td className="py-1.5">{row.used === null ? "—" : `${amount(token, row.used)} of ${amount(token, row.limit)}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
