import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { TxReport } from "@/features/wallet/onchain";

/** A wallet transaction the bet panel offers: claim a bet back, lock or draw a jackpot, send a signed bet. */
export interface NoticeAction {
  label: string;
  busyLabel: string;
  testId: string;
  run: (report: TxReport) => Promise<void>;
}

/** Something about the bet the player should know, and the wallet transactions that help, if any. */
export function ActionNotice({ testId, children, actions = [] }: { testId: string; children: ReactNode; actions?: readonly NoticeAction[] }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-ember/40 bg-ember/10 px-3 py-2 text-xs text-slate-200" data-testid={testId}>
      <p>{children}</p>
      {actions.map((action) => (
        <ActionButton key={action.testId} action={action} />
      ))}
    </div>
  );
}

/** Busy while the transaction runs; a failure's sentence below it; a refusal in the wallet stays quiet. `onDone` follows a success. */
export function ActionButton({ action, onDone }: { action: NoticeAction; onDone?: () => void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setMessage(null);
    let told = false;
    try {
      await action.run((update) => {
        if (update.phase !== "failed") return;
        told = true;
        setMessage(update.reason?.message ?? "The transaction failed");
      });
      onDone?.();
    } catch (error) {
      if ((error as Error).name !== "TxCancelled" && !told) setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="primary" disabled={busy} data-testid={action.testId} onClick={() => void start()}>
          {busy ? action.busyLabel : action.label}
        </Button>
      </div>
      {message && (
        <p role="alert" className="text-pink">
          {message}
        </p>
      )}
    </>
  );
}
