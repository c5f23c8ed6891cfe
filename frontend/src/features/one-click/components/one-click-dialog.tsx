import { useState, type FormEvent, type ReactNode } from "react";
import type { GameType } from "@engine/gameTypes";
import { toBaseUnits } from "@engine/tokens";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { GAMES } from "@/config/games";
import { TOKENS, type Token } from "@/config/tokens";
import { toast } from "@/features/toast";
import { AmountField, DepositShortcut, displayAmount, TxProgress, useTxSteps, useWalletStore } from "@/features/wallet";
import { TxCancelled } from "@/features/wallet/onchain";
import { openSession } from "../session-key";
import { budgetRefusal, EXPIRY_CHOICES, initialForm, settingsOf, vaultCanFund, type SessionForm } from "../session-settings";

/** The vault's balances as last read, in base units: a session's budget moves from it. */
function useVault(): Record<Token, bigint> {
  const vault = useWalletStore((state) => state.onChainBalances);
  return { DEGEN: toBaseUnits(vault.DEGEN), BNB: toBaseUnits(vault.BNB) };
}

/**
 * Turning one-click play on (issue #20): what the key may do and what it may not, where the
 * budget goes (from the vault into the session's lane, docs/decisions.md §4 "lanes"), the player's
 * choice of expiry, tokens, games, largest bet and budget, then the wallet's one signature.
 */
export function OneClickDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const vault = useVault();
  const [form, setForm] = useState<SessionForm>(() => initialForm(vault));
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const { steps, start } = useTxSteps();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const settings = settingsOf(form);
    if (typeof settings === "string") return setError(settings);
    const refusal = budgetRefusal(settings, vault);
    if (refusal) return setError(refusal);
    setError(null);
    setRunning(true);
    try {
      await openSession(settings, start({ sign: "Sign once in your wallet", open: "Open it on chain (the Casino pays the gas)" }));
      toast({ title: "One-click play is on", description: "Bets now go without a wallet popup, within the limits you set." });
      onDone();
    } catch (failure) {
      // A refusal in the wallet is the player's choice; any other failure is shown by its step.
      if (!(failure instanceof TxCancelled)) console.info("One-click play was not turned on", failure);
    } finally {
      setRunning(false);
    }
  }

  return (
    <Modal
      title="One-click play"
      description="Sign once, then every bet is one click: no wallet popup, and the Casino pays the gas."
      onClose={onClose}
      data-testid="one-click-dialog"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <KeyPowers />
        <BudgetNote fundable={vaultCanFund(vault)} />
        <label className="flex flex-col gap-1.5">
          <span className="text-xs font-medium tracking-wider text-slate-400">Ends after</span>
          <select
            value={form.hours}
            disabled={running}
            data-testid="one-click-hours"
            onChange={(event) => setForm({ ...form, hours: Number(event.target.value) })}
            className="h-11 rounded-xl border border-white/15 bg-night-950/60 px-3 text-white focus:border-cyan/70"
          >
            {EXPIRY_CHOICES.map((hours) => (
              <option key={hours} value={hours}>
                {hours === 1 ? "1 hour" : `${hours} hours`}
              </option>
            ))}
          </select>
        </label>
        {TOKENS.map((token) => (
          <TokenLimits key={token} token={token} form={form} setForm={setForm} disabled={running} vault={vault[token]} />
        ))}
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-xs font-medium tracking-wider text-slate-400">Games</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {GAMES.map((game) => (
              <Check
                key={game.id}
                checked={form.games[game.gameType]}
                disabled={running}
                testId={`one-click-game-${game.id}`}
                onChange={(checked) => setForm({ ...form, games: { ...form.games, [game.gameType]: checked } as Record<GameType, boolean> })}
              >
                {game.title}
              </Check>
            ))}
          </div>
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-pink" data-testid="one-click-error">
            {error}
          </p>
        )}
        <TxProgress steps={steps} />
        <Button type="submit" variant="primary" size="lg" disabled={running} data-testid="one-click-submit">
          {running ? "Turning on…" : "Sign and turn on"}
        </Button>
      </form>
    </Modal>
  );
}

/** What the key may do and what it may not, said before anything is signed. */
function KeyPowers() {
  return (
    <div className="grid gap-2 text-sm sm:grid-cols-2" data-testid="one-click-powers">
      <div className="rounded-xl border border-cyan/30 bg-cyan/5 px-3 py-2">
        <p className="mb-1 font-semibold text-cyan">The key may</p>
        <p className="text-slate-300">
          Place bets from the session&apos;s budget, on the tokens and games you choose, each up to your largest bet, until it ends.
        </p>
      </div>
      <div className="rounded-xl border border-pink/30 bg-pink/5 px-3 py-2">
        <p className="mb-1 font-semibold text-pink">It can never</p>
        <p className="text-slate-300">Withdraw, swap, or bet beyond these limits. It lives in this browser tab only, and you can revoke it at any time.</p>
      </div>
    </div>
  );
}

/** Where the budget goes, said before anything is signed: out of the vault, into the session, and back. */
function BudgetNote({ fundable }: { fundable: boolean }) {
  return (
    <div className="rounded-xl border border-gold/30 bg-gold/5 px-3 py-2 text-sm text-slate-300" data-testid="one-click-budget-note">
      <p>
        Your budget moves from your Casino vault into the session when it opens. One-click bets stake from it and their wins are paid into it; wallet bets,
        withdrawals and swaps use your vault. What is left goes back to your vault when the session ends, or 5 minutes after you revoke it.
      </p>
      {!fundable && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-pink" data-testid="one-click-deposit-first">
          Your vault holds less than a minimum bet: deposit first. <DepositShortcut />
        </p>
      )}
    </div>
  );
}

function TokenLimits({
  token,
  form,
  setForm,
  disabled,
  vault,
}: {
  token: Token;
  form: SessionForm;
  setForm: (form: SessionForm) => void;
  disabled: boolean;
  vault: bigint;
}) {
  const allowed = form.tokens[token];
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-white/10 px-3 pb-3 pt-2" data-testid={`one-click-token-${token}`}>
      <legend className="px-1">
        <Check
          checked={allowed}
          disabled={disabled}
          testId={`one-click-allow-${token}`}
          onChange={(checked) => setForm({ ...form, tokens: { ...form.tokens, [token]: checked } })}
        >
          Bet {token}
        </Check>
      </legend>
      {allowed && (
        <div className="grid grid-cols-2 gap-2">
          <AmountField
            label="Largest bet"
            token={token}
            value={form.maxBet[token]}
            disabled={disabled}
            data-testid={`one-click-max-bet-${token}`}
            onChange={(value) => setForm({ ...form, maxBet: { ...form.maxBet, [token]: value } })}
          />
          <AmountField
            label="Budget"
            token={token}
            value={form.budget[token]}
            disabled={disabled}
            data-testid={`one-click-budget-${token}`}
            onChange={(value) => setForm({ ...form, budget: { ...form.budget, [token]: value } })}
          />
          <p className="col-span-2 text-xs text-slate-400 tabular-nums" data-testid={`one-click-vault-${token}`}>
            In your vault: {displayAmount(token, vault)} {token}
          </p>
        </div>
      )}
    </fieldset>
  );
}

function Check({
  checked,
  onChange,
  disabled,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-100">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-cyan"
      />
      {children}
    </label>
  );
}
