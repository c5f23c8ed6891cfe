import { CheckIcon, CloseIcon, WarningIcon } from "@/components/ui/icons";
import { TxHash } from "@/components/ui/tx-hash";
import { cn } from "@/lib/cn";
import { DepositShortcut } from "./deposit-shortcut";
import type { TxStepView } from "../hooks/use-tx-steps";
import type { TxPhase } from "../web3/transactions";

const PHASE_TEXT: Record<TxPhase, string> = {
  idle: "Waiting",
  checking: "Checking with the chain…",
  "waiting-for-wallet": "Confirm in your wallet…",
  pending: "Pending…",
  confirmed: "Confirmed",
  failed: "Failed",
  cancelled: "Cancelled in your wallet",
  skipped: "Not needed",
};

const BUSY: ReadonlySet<TxPhase> = new Set(["checking", "waiting-for-wallet", "pending"]);

/**
 * The steps of a wallet action and where each stands: waiting for the wallet, pending with its
 * hash (and explorer link where the chain has an explorer), then confirmed, failed with the
 * reason, or cancelled. Shared by the wallet dialogs and, later, the games' bets.
 */
export function TxProgress({ steps }: { steps: TxStepView[] }) {
  if (steps.length === 0) return null;
  return (
    <ol className="flex flex-col gap-2" aria-label="Progress" data-testid="tx-progress">
      {steps.map((step, index) => (
        <li
          key={step.key}
          data-testid={`tx-step-${step.key}`}
          data-phase={step.phase}
          className="rounded-xl border border-white/10 bg-night-950/50 px-3 py-2 text-sm"
        >
          <div className="flex items-center gap-2">
            <PhaseIcon phase={step.phase} index={index} />
            <span className="min-w-0 flex-1 truncate font-medium text-slate-100">{step.label}</span>
            <span
              aria-live="polite"
              className={cn(
                "shrink-0 text-xs",
                step.phase === "confirmed" && "text-cyan",
                step.phase === "failed" && "text-pink",
                step.phase !== "confirmed" && step.phase !== "failed" && "text-slate-400",
              )}
            >
              {PHASE_TEXT[step.phase]}
            </span>
          </div>
          {step.hash && <HashLine hash={step.hash} explorerUrl={step.explorerUrl ?? null} />}
          {step.phase === "failed" && step.reason && (
            <div role="alert" className="mt-1.5 flex flex-wrap items-center gap-2 pl-7 text-xs text-pink" data-testid="tx-failure">
              <span className="min-w-0 break-words">{step.reason.message}</span>
              {step.reason.suggestDeposit && <DepositShortcut />}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

function PhaseIcon({ phase, index }: { phase: TxPhase; index: number }) {
  const base = "grid size-5 shrink-0 place-items-center rounded-full text-[0.65rem] font-bold";
  if (phase === "confirmed" || phase === "skipped")
    return (
      <span aria-hidden="true" className={cn(base, "bg-cyan/20 text-cyan")}>
        <CheckIcon className="size-3" />
      </span>
    );
  if (phase === "failed")
    return (
      <span aria-hidden="true" className={cn(base, "bg-pink/20 text-pink")}>
        <WarningIcon className="size-3" />
      </span>
    );
  if (phase === "cancelled")
    return (
      <span aria-hidden="true" className={cn(base, "bg-white/10 text-slate-400")}>
        <CloseIcon className="size-3" />
      </span>
    );
  return (
    <span aria-hidden="true" className={cn(base, BUSY.has(phase) ? "animate-pulse bg-gold/25 text-gold" : "bg-white/10 text-slate-400")}>
      {index + 1}
    </span>
  );
}

function HashLine({ hash, explorerUrl }: { hash: string; explorerUrl: string | null }) {
  return (
    <div className="mt-1 pl-7 font-mono text-xs text-slate-400" data-testid="tx-hash" title={hash}>
      <TxHash hash={hash} url={explorerUrl} />
    </div>
  );
}
