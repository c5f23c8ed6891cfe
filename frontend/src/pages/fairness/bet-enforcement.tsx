import type { ReactNode } from "react";
import { decodeCrashParams, GameType } from "@engine/index";
import { CheckIcon, ShieldCheckIcon, WarningIcon } from "@/components/ui/icons";
import { shortHash } from "@/components/ui/tx-hash";
import type { HistoryEntry } from "@/features/bets";
import { cn } from "@/lib/cn";
import type { SignatureState } from "./use-session-signatures";

/**
 * Under one bet of the history: how its payout was enforced (issue #21: computed on chain by the
 * rules contract at settlement, or claimed back at its maximum) and how it was placed (issue #20:
 * from the wallet, or signed by the player's session key, checked here).
 */
export function BetEnforcement({ entry, signature }: { entry: HistoryEntry; signature: SignatureState | undefined }) {
  const enforced = entry.settlement === null ? "open" : entry.settlement.kind === "claimed" ? "claimed" : "rules";
  return (
    <div className="flex flex-col gap-1.5 px-4 text-xs text-slate-300" data-testid="bet-enforcement" data-enforced={enforced}>
      <Line icon={<ShieldCheckIcon className="size-4 text-cyan" />} testId="bet-enforced">
        {enforcementText(entry, enforced)}
      </Line>
      <SignatureLine signature={signature} />
    </div>
  );
}

function enforcementText({ bet }: HistoryEntry, enforced: "open" | "claimed" | "rules"): string {
  if (enforced === "claimed") return "Payout claimed back at its maximum: the house did not settle the bet within its settle window.";
  if (enforced === "open")
    return "When it is settled, the rules contract computes its payout on chain; unsettled past its settle window, you can claim it back at its maximum.";
  const from =
    bet.gameType === GameType.BLACKJACK
      ? "the random word and the moves you signed (a hand without any stands)"
      : bet.gameType === GameType.CRASH && decodeCrashParams(bet.params) === null
        ? "the random word and the cash-out you signed (without one, the round rides to its crash)"
        : "the random word";
  return `Payout computed on chain by the rules contract at settlement, from ${from}: the Casino pays no other amount.`;
}

function SignatureLine({ signature }: { signature: SignatureState | undefined }) {
  if (signature === undefined || signature === "checking") return <Line testId="bet-signature">Checking how the bet was placed…</Line>;
  switch (signature.via) {
    case "wallet":
      return <Line testId="bet-signature">Sent from your wallet.</Line>;
    case "unknown":
      return <Line testId="bet-signature">Its transaction went through another contract: npm run verify checks what was signed.</Line>;
    case "error":
      return <Line testId="bet-signature">The bet's transaction could not be read here ({signature.message}).</Line>;
  }
  const key = signature.key ? shortHash(signature.key) : "a key";
  if (signature.problems.length === 0) {
    return (
      <Line icon={<CheckIcon className="size-4 text-cyan" />} testId="bet-signature" ok>
        Signed by your session key {key}, the key of this bet's session: the bet placed is exactly the one it signed.
      </Line>
    );
  }
  return (
    <Line icon={<WarningIcon className="size-4 text-pink" />} testId="bet-signature" ok={false}>
      Relayed, but not as your session key signed it:
      <ul className="list-disc pl-5" data-testid="bet-signature-problems">
        {signature.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </Line>
  );
}

function Line({ icon, testId, ok, children }: { icon?: ReactNode; testId: string; ok?: boolean; children: ReactNode }) {
  return (
    <div className={cn("flex items-start gap-2", ok === false && "text-pink")} data-testid={testId} data-ok={ok === undefined ? undefined : String(ok)}>
      <span className="mt-px flex size-4 shrink-0 items-center justify-center">{icon}</span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
