import { useCallback, useEffect, useRef, useState } from "react";
import { fromBaseUnits } from "@engine/tokens";
import { Button } from "@/components/ui/button";
import { BoltIcon } from "@/components/ui/icons";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { TxCancelled } from "@/features/wallet/onchain";
import { toast } from "@/features/toast";
import { useDismiss } from "@/lib/use-dismiss";
import { useSessionLosses } from "../hooks/use-session-losses";
import { budgetLeft, useOneClickStore, type OneClickSession } from "../one-click-store";
import { revokeSession } from "../session-key";
import { formatTimeLeft } from "../time-left";

const amount = (token: Token, wei: bigint) => `${formatTokenAmount(token, fromBaseUnits(wei))} ${token}`;

/** The open session in the header (issue #20): time left, budget left from the chain, and Revoke. Loaded only while a session is open. */
export default function SessionBadge() {
  const session = useOneClickStore((state) => state.session);
  const lost = useOneClickStore((state) => state.lost);
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const panel = useRef<HTMLDivElement>(null);
  useSessionLosses(session?.key ?? null);

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      // Past its expiry the session is gone: the store drops it.
      useOneClickStore.getState().sync();
    }, 1_000);
    return () => clearInterval(timer);
  }, []);

  useDismiss(open, panel, closeMenu);

  if (!session) return null;
  const timeLeft = formatTimeLeft(session.expiresAt - now / 1000);
  const first = session.tokens[0]!;
  const left = budgetLeft(session, lost, first);

  return (
    <div className="relative" ref={panel} data-testid="one-click-badge" data-key={session.key}>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        title="One-click play is on"
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 items-center gap-1.5 whitespace-nowrap rounded-xl border border-cyan/40 bg-cyan/10 px-2.5 text-xs font-semibold text-cyan transition hover:border-cyan/80"
      >
        <BoltIcon className="size-4" />
        {/* On a phone the bolt alone (the time read out only): with it the header no longer fits 390 px. */}
        <span className="sr-only sm:not-sr-only" data-testid="one-click-time-left">
          {timeLeft}
        </span>
        <span className="hidden text-slate-300 lg:inline" data-testid="one-click-budget-left">
          · {left === null ? "…" : amount(first, left)} left
        </span>
      </button>
      {open && <SessionPanel session={session} lost={lost} timeLeft={timeLeft} onRevoked={() => setOpen(false)} />}
    </div>
  );
}

function SessionPanel({
  session,
  lost,
  timeLeft,
  onRevoked,
}: {
  session: OneClickSession;
  lost: Record<Token, bigint> | null;
  timeLeft: string;
  onRevoked: () => void;
}) {
  const [revoking, setRevoking] = useState(false);
  const revoke = async () => {
    setRevoking(true);
    try {
      await revokeSession(() => undefined);
    } catch (error) {
      // The key is forgotten here already; only the chain's revocation is missing.
      toast({
        title: "Revoked in this tab",
        description:
          error instanceof TxCancelled
            ? "The key is forgotten here and the server drops it; on chain it stays valid until it ends, unless you revoke it from your wallet."
            : `The key is forgotten here, but revoking it on chain failed: ${(error as Error).message}`,
        variant: "error",
      });
    } finally {
      setRevoking(false);
      onRevoked();
    }
  };
  return (
    <div
      role="dialog"
      aria-label="One-click play"
      className="glass-card absolute right-0 z-50 mt-2 w-72 bg-night-900 p-3 text-sm shadow-2xl"
      data-testid="one-click-panel"
    >
      <p className="font-semibold text-white">One-click play is on</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-slate-400">Ends in</dt>
        <dd className="text-slate-200">
          {timeLeft} ({new Date(session.expiresAt * 1000).toLocaleTimeString()})
        </dd>
        {session.tokens.map((token) => {
          const left = budgetLeft(session, lost, token);
          return (
            <div key={token} className="contents">
              <dt className="text-slate-400">{token} budget left</dt>
              <dd className="tabular-nums text-slate-200" data-testid={`one-click-left-${token}`}>
                {left === null ? "reading…" : amount(token, left)}
              </dd>
              <dt className="text-slate-400">Largest {token} bet</dt>
              <dd className="tabular-nums text-slate-200">{amount(token, session.maxBet[token])}</dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-slate-400">Revoke forgets the key in this tab at once; your wallet then ends it on chain.</p>
      <Button variant="secondary" size="sm" className="mt-2 w-full" disabled={revoking} data-testid="one-click-revoke" onClick={() => void revoke()}>
        {revoking ? "Revoking…" : "Revoke"}
      </Button>
    </div>
  );
}
