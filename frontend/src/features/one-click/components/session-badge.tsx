import { useCallback, useEffect, useRef, useState } from "react";
import { toBaseUnits } from "@engine/tokens";
import { Button } from "@/components/ui/button";
import { BoltIcon } from "@/components/ui/icons";
import { TOKENS, type Token } from "@/config/tokens";
import { displayAmount, useWalletStore, type LaneFunds } from "@/features/wallet";
import { TxCancelled } from "@/features/wallet/onchain";
import { toast } from "@/features/toast";
import { useDismiss } from "@/lib/use-dismiss";
import { useOneClickStore, type OneClickSession } from "../one-click-store";
import { closeSession, returnEndedSessions, revokeSession } from "../session-key";
import type { EndedSession } from "../storage";
import { formatTimeLeft } from "../time-left";

/** How often the ended sessions' lanes are looked at (with the balances' poll, docs/product.md §9). */
const RETURN_CHECK_MS = 10_000;

const amount = (token: Token, wei: bigint) => `${displayAmount(token, wei)} ${token}`;
const fundsOf = (token: Token, funds: Record<Token, string> | undefined) => amount(token, toBaseUnits(funds?.[token] ?? "0"));
const holds = (funds: Record<Token, string> | undefined) => funds !== undefined && (toBaseUnits(funds.DEGEN) > 0n || toBaseUnits(funds.BNB) > 0n);
const clock = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleTimeString();

/**
 * One-click play in the header (issue #20): while a session lives, its time left and what its lane
 * holds, and Revoke; once it has ended, what its lane still holds and when that goes back to the
 * vault. Loaded only while a session of this tab lives or has ended with funds in its lane.
 */
export default function SessionBadge() {
  const session = useOneClickStore((state) => state.session);
  const ended = useOneClickStore((state) => state.ended);
  const laneFunds = useWalletStore((state) => state.laneFunds);
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const panel = useRef<HTMLDivElement>(null);
  const returning = ended.filter((one) => holds(laneFunds[one.lane]));

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      // Past its expiry the session has ended: the store moves it to the ended ones.
      useOneClickStore.getState().sync();
    }, 1_000);
    return () => clearInterval(timer);
  }, []);

  const watching = ended.length > 0;
  useEffect(() => {
    if (!watching) return;
    const check = () => void returnEndedSessions().catch((error: unknown) => console.info("Reading the ended one-click sessions failed", error));
    check();
    const timer = setInterval(check, RETURN_CHECK_MS);
    return () => clearInterval(timer);
  }, [watching]);

  useDismiss(open, panel, closeMenu);

  if (!session && returning.length === 0) return null;
  const timeLeft = session ? formatTimeLeft(session.expiresAt - now / 1000) : null;
  const first = session?.tokens[0];

  return (
    <div className="relative" ref={panel} data-testid="one-click-badge" data-key={session?.key ?? ""}>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={session ? "One-click play is on" : "One-click play has ended: its funds are going back to your vault"}
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 items-center gap-1.5 whitespace-nowrap rounded-xl border border-cyan/40 bg-cyan/10 px-2.5 text-xs font-semibold text-cyan transition hover:border-cyan/80"
      >
        <BoltIcon className="size-4" />
        {/* On a phone the bolt alone (the rest read out only): with it the header no longer fits 390 px. */}
        <span className="sr-only sm:not-sr-only" data-testid="one-click-time-left">
          {/* One line: not-sr-only lets text wrap, and the header has no room for a second. */}
          {(timeLeft ?? "Ended").replaceAll(" ", "\u00a0")}
        </span>
        {session && first && (
          <span className="hidden text-slate-300 lg:inline" data-testid="one-click-funds-left">
            · {fundsOf(first, laneFunds[session.lane])}
          </span>
        )}
      </button>
      {open && <SessionPanel session={session} returning={returning} laneFunds={laneFunds} now={now} timeLeft={timeLeft} onRevoked={() => setOpen(false)} />}
    </div>
  );
}

function SessionPanel({
  session,
  returning,
  laneFunds,
  now,
  timeLeft,
  onRevoked,
}: {
  session: OneClickSession | null;
  returning: EndedSession[];
  laneFunds: LaneFunds;
  /** Epoch ms, the badge's clock. */
  now: number;
  timeLeft: string | null;
  onRevoked: () => void;
}) {
  return (
    <div
      role="dialog"
      aria-label="One-click play"
      className="glass-card absolute right-0 z-50 mt-2 w-72 bg-night-900 p-3 text-sm shadow-2xl"
      data-testid="one-click-panel"
    >
      {session && <LiveSession session={session} funds={laneFunds[session.lane]} timeLeft={timeLeft!} onRevoked={onRevoked} />}
      {returning.map((ended) => (
        <EndedSessionFunds key={ended.key} ended={ended} funds={laneFunds[ended.lane]} now={now} />
      ))}
    </div>
  );
}

function LiveSession({
  session,
  funds,
  timeLeft,
  onRevoked,
}: {
  session: OneClickSession;
  funds: Record<Token, string> | undefined;
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
            ? "The key is forgotten here and the server takes no more of its bets; on chain the session lasts until it ends, unless you revoke it from your wallet."
            : `The key is forgotten here, but revoking it on chain failed: ${(error as Error).message}`,
        variant: "error",
      });
    } finally {
      setRevoking(false);
      onRevoked();
    }
  };
  return (
    <>
      <p className="font-semibold text-white">One-click play is on</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-slate-400">Ends in</dt>
        <dd className="text-slate-200">
          {timeLeft} ({clock(session.expiresAt)})
        </dd>
        {session.tokens.map((token) => (
          <div key={token} className="contents">
            <dt className="text-slate-400">{token} in the session</dt>
            <dd className="tabular-nums text-slate-200" data-testid={`one-click-funds-${token}`}>
              {fundsOf(token, funds)}
            </dd>
            <dt className="text-slate-400">Largest {token} bet</dt>
            <dd className="tabular-nums text-slate-200">{amount(token, session.maxBet[token])}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-400">
        The session&apos;s funds came from your vault when it opened, and go back to it when it ends, or 5 minutes after you revoke it. Revoke forgets the key
        in this tab at once; your wallet then ends it on chain.
      </p>
      <Button variant="secondary" size="sm" className="mt-2 w-full" disabled={revoking} data-testid="one-click-revoke" onClick={() => void revoke()}>
        {revoking ? "Revoking…" : "Revoke"}
      </Button>
    </>
  );
}

/** An ended session whose lane still holds funds: when they go back to the vault, and the wallet's way once that time has passed. */
function EndedSessionFunds({ ended, funds, now }: { ended: EndedSession; funds: Record<Token, string> | undefined; now: number }) {
  const [sending, setSending] = useState(false);
  const due = ended.endsAt * 1000 <= now;
  const held = TOKENS.filter((token) => toBaseUnits(funds?.[token] ?? "0") > 0n).map((token) => fundsOf(token, funds));
  const send = async () => {
    setSending(true);
    try {
      await closeSession(ended.key);
    } catch (error) {
      if (!(error instanceof TxCancelled)) toast({ title: "Not moved", description: (error as Error).message, variant: "error" });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="mt-2 border-t border-white/10 pt-2 text-xs text-slate-300 first:mt-0 first:border-0 first:pt-0" data-testid="one-click-returning">
      <p>
        {due
          ? `A one-click session that has ended holds ${held.join(" and ")}: it is going back to your vault.`
          : `A one-click session that has ended holds ${held.join(" and ")}: it goes back to your vault at ${clock(ended.endsAt)}.`}
      </p>
      {due && (
        <Button variant="secondary" size="sm" className="mt-2 w-full" disabled={sending} data-testid="one-click-return" onClick={() => void send()}>
          {sending ? "Moving…" : "Move it to my vault now"}
        </Button>
      )}
    </div>
  );
}
