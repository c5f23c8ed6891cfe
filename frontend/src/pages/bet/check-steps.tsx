import type { ReactNode } from "react";
import { fromBaseUnits } from "@engine/tokens";
import { CheckIcon, WarningIcon } from "@/components/ui/icons";
import { formatTokenAmount } from "@/config/tokens";
import type { HistoryEntry } from "@/features/bets";

interface Step {
  title: string;
  body: ReactNode;
  /** The check's problems this step is about (none: it holds). */
  problems: string[];
}

/**
 * The fairness page's check of a settled bet, one step at a time (docs/product.md, "The bet
 * page"): which commitment the seed answers, the seed hashed down to it, the random word, the
 * payout the rules give and, for DEGEN, the jackpot roll. Each step shows the check's own
 * sentences when it fails.
 */
export function CheckSteps({ entry, outcome }: { entry: HistoryEntry; outcome: string | null }) {
  const { bet, settlement, commitment, check } = entry;
  if (!settlement || settlement.kind !== "settled" || !check) return null;
  const about = (pattern: RegExp) => check.problems.filter((problem) => pattern.test(problem));
  const link = commitment ? bet.nonce - commitment.firstNonce + 1n : null;
  const steps: Step[] = [
    {
      title: "The house's commitment",
      body: commitment ? (
        <>
          Before the bet, the house committed to <Mono>{commitment.root}</Mono>; this bet is settled with link {link?.toString()} of that chain.
        </>
      ) : (
        "No commitment covering this bet was found on chain."
      ),
      problems: about(/commitment/),
    },
    {
      title: "The revealed seed",
      body: (
        <>
          The settlement revealed <Mono>{settlement.seed!}</Mono>; keccak256 applied {link?.toString() ?? "?"} time{link === 1n ? "" : "s"} gives the
          commitment.
        </>
      ),
      problems: about(/seed does not hash/),
    },
    {
      title: "The random word",
      body: (
        <>
          keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino)) = <Mono>{settlement.random!}</Mono>
        </>
      ),
      problems: about(/^random word/),
    },
    {
      title: "The outcome and the payout",
      body: `${outcome ?? "The rules replay the round."} The rules pay ${formatTokenAmount(bet.token, fromBaseUnits(settlement.payout))} ${bet.token}, what the Casino paid.`,
      problems: about(/payout|action|log|round/),
    },
  ];
  if (bet.token === "DEGEN")
    steps.push({
      title: "The jackpot draw",
      body: jackpotStep(entry),
      problems: about(/jackpot/),
    });
  return (
    <section aria-labelledby="check-steps-title" className="glass-card flex flex-col gap-3 p-4 text-sm" data-testid="bet-page-steps">
      <h2 id="check-steps-title" className="font-display text-lg font-bold text-white">
        The check, step by step
      </h2>
      <ol className="flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.title} className="flex gap-2" data-testid="bet-page-step" data-ok={step.problems.length === 0}>
            {step.problems.length === 0 ? (
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-cyan" />
            ) : (
              <WarningIcon className="mt-0.5 size-4 shrink-0 text-pink" />
            )}
            <div className="flex min-w-0 flex-col gap-1">
              <span className="font-semibold text-white">
                {step.title}
                <span className="sr-only">{step.problems.length === 0 ? ": holds" : ": fails"}</span>
              </span>
              <span className="text-slate-300">{step.body}</span>
              {step.problems.map((problem) => (
                <span key={problem} className="text-xs text-pink">
                  {problem}
                </span>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the jackpot roll gave: recomputed on the bet's block hash (a hit or a void draw is also published by JackpotDrawn). */
function jackpotStep({ bet, settlement }: HistoryEntry): string {
  if (bet.jackpotOdds === 0n) return "The bet had no jackpot odds: its stake was too small for one 2^-47 chance, or the pool was empty.";
  const draw = settlement?.jackpot;
  if (!draw) return "The draw is not published yet (a one-click bet's ticket is drawn in a later transaction).";
  if (BigInt(draw.entropy) === 0n)
    return "The draw was void: it came after the bet's block hash was gone, wins nothing, and the house paid its fair value into the pool.";
  const result = draw.hit ? `a hit, paying ${formatTokenAmount("DEGEN", fromBaseUnits(draw.won))} DEGEN` : "a miss";
  return `The roll on the hash of the bet's block, against the odds fixed when it was placed, is ${result}.`;
}

function Mono({ children }: { children: ReactNode }) {
  return <span className="font-mono text-xs break-all">{children}</span>;
}
