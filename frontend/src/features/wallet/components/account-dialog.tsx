import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useShallow } from "zustand/react/shallow";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { formatTokenAmount, TOKENS } from "@/config/tokens";
import { useAccountStore } from "@/features/account";
import { serverErrorText } from "@/lib/api-client";
import { shortenAddress } from "../injected-provider";
import { useWalletStore } from "../wallet-store";

/** The server's username rule (server/src/routes/users.ts), said before the player types. */
const USERNAME_RULE = "3 to 20 letters, digits or underscores, not already taken (case is ignored).";

/**
 * docs/product.md §4 'Session': the registered user of this wallet, or registration with a
 * username; and `limits`, the limits the player sets (issue #20), which the app hands in.
 */
export function AccountDialog({ onClose, limits }: { onClose: () => void; limits: ReactNode }) {
  const account = useWalletStore((state) => state.account);
  const session = useAccountStore(useShallow((state) => ({ user: state.user, isLoading: state.isLoading })));
  return (
    <Modal title="Account" description={account ? `Wallet ${shortenAddress(account)}` : undefined} onClose={onClose} data-testid="account-dialog">
      {session.user ? <Profile /> : session.isLoading ? <p className="text-sm text-slate-400">Loading your account…</p> : <Registration account={account} />}
      {limits}
    </Modal>
  );
}

function Profile() {
  const { user, balances, refreshBalances, logout } = useAccountStore(
    useShallow((state) => ({ user: state.user!, balances: state.balances, refreshBalances: state.refreshBalances, logout: state.logout })),
  );
  const [refreshing, setRefreshing] = useState(false);
  return (
    <div className="flex flex-col gap-4" data-testid="account-profile">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-400">Username</dt>
        <dd className="font-semibold text-white" data-testid="account-username">
          {user.username}
        </dd>
        <dt className="text-slate-400">Player id</dt>
        <dd className="tabular-nums text-slate-200">{user.id}</dd>
        {TOKENS.map((token) => (
          <div key={token} className="contents">
            <dt className="text-slate-400">Vault {token}</dt>
            <dd className="tabular-nums text-slate-200" data-testid={`account-balance-${token}`}>
              {formatTokenAmount(token, Number(balances[token]))}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          disabled={refreshing}
          onClick={() => {
            setRefreshing(true);
            void refreshBalances().finally(() => setRefreshing(false));
          }}
        >
          {refreshing ? "Refreshing…" : "Refresh balances"}
        </Button>
        <Button variant="ghost" onClick={logout} data-testid="account-logout">
          Log out
        </Button>
      </div>
    </div>
  );
}

function Registration({ account }: { account: string | null }) {
  const register = useAccountStore((state) => state.register);
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const ruleId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!account) return;
    setSending(true);
    setError(null);
    try {
      await register(account, username.trim());
    } catch (caught) {
      // The server's own sentence ('Username is already taken', the format rule), not '409: {…}'.
      setError(serverErrorText(caught) ?? (caught instanceof Error ? caught.message : String(caught)));
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" data-testid="account-register">
      <p className="text-sm text-slate-300">Register a username for this wallet.</p>
      <label htmlFor={inputId} className="text-xs font-medium tracking-wider text-slate-400">
        Username
      </label>
      <input
        id={inputId}
        type="text"
        autoComplete="username"
        maxLength={40}
        aria-describedby={ruleId}
        aria-invalid={error !== null || undefined}
        data-testid="username-input"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        className="h-11 rounded-xl border border-white/15 bg-night-950/60 px-3 text-white focus:border-cyan/70"
      />
      <p id={ruleId} className="text-xs text-slate-400">
        {USERNAME_RULE}
      </p>
      {error && (
        <p role="alert" className="text-sm text-pink" data-testid="account-error">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" size="lg" disabled={sending || !account} data-testid="account-register-submit">
        {sending ? "Registering…" : "Register"}
      </Button>
    </form>
  );
}
