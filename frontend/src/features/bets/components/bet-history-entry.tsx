import type { ReactNode } from "react";
import { fromBaseUnits, type Token } from "@engine/tokens";
import { CheckIcon, WarningIcon } from "@/components/ui/icons";
import { gameTitle } from "@/config/games";
import { formatTokenAmount } from "@/config/tokens";
import { cn } from "@/lib/cn";
import { LATE_AFTER_BLOCKS } from "../bet-store";
import type { HistoryEntry } from "../use-bet-history";
import { ActionButton } from "./action-notice";
import { TxHash } from "@/components/ui/tx-hash";

const amount = (token: Token, wei: bigint) => `${formatTokenAmount(token, fromBaseUnits(wei))} ${token}`;
const clock = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleString();

/** A bet's place in its lane (docs/decisions.md §4, "lanes"): the wallet's, or a one-click session's. As engine laneOfNonce and placeInLane read the nonce, repeated to keep the engine's hashing out of the bets index. */
function betPlace(nonce: bigint): string {
  const lane = nonce >> 32n;
  const n = nonce & 0xffffffffn;
  return lane === 0n ? `wallet bet #${n}` : `one-click session ${lane} · bet #${n}`;
}

/** One bet of the history: what was staked and paid, the values its outcome came from, its transactions and its check. */
export function BetHistoryEntry({ entry, head, onClaim }: { entry: HistoryEntry; head: { block: number; time: number }; onClaim: () => void }) {
  const { bet, settlement, check } = entry;
  const verdict = check === null ? "open" : check.ok ? "ok" : "mismatch";
  const stake = settlement?.totalStake ?? bet.amount;
  return (
    <li className="glass-card flex flex-col gap-3 p-4 text-sm" data-testid="history-bet" data-bet-id={bet.betId.toString()} data-verdict={verdict}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-white">{gameTitle(bet)}</span>
        <span className="text-xs text-slate-400" data-testid="history-bet-place">
          {betPlace(bet.nonce)}
          {settlement?.kind === "claimed" && " · claimed back"}
          {stake === 2n * bet.amount && " · split"}
        </span>
        <span className="ml-auto tabular-nums text-slate-200">
          {amount(bet.token, stake)}
          {settlement && <> → {amount(bet.token, settlement.payout)}</>}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <Field label="Jackpot">{jackpotText(entry)}</Field>
        <Field label="Client seed" mono>
          {bet.clientSeed}
        </Field>
        {settlement?.seed && (
          <Field label="Seed" mono testId="history-seed">
            {settlement.seed}
          </Field>
        )}
        {settlement?.random && (
          <Field label="Random word" mono testId="history-word">
            {settlement.random}
          </Field>
        )}
        <Field label="Bet">
          <TxHash hash={bet.txHash} url={entry.betUrl} testId="history-bet-tx" />
          <span className="text-slate-500"> · block {bet.placedBlock}</span>
        </Field>
        {settlement && (
          <Field label={settlement.kind === "claimed" ? "Claim" : "Settlement"}>
            <TxHash hash={settlement.txHash} url={entry.settleUrl} testId="history-settle-tx" />
            <span className="text-slate-500"> · block {settlement.block}</span>
          </Field>
        )}
      </dl>
      {check ? <Verdict ok={check.ok} problems={check.problems} /> : <OpenBet entry={entry} head={head} onClaim={onClaim} />}
    </li>
  );
}

function Field({ label, mono = false, testId, children }: { label: string; mono?: boolean; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-400">{label}</dt>
      <dd className={cn("min-w-0 text-slate-200", mono && "break-all font-mono")} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** BNB bets have no draw; a DEGEN bet's draw is published with its settlement (void, winning nothing, when its block hash was gone). */
function jackpotText({ bet, settlement }: HistoryEntry): string {
  if (bet.token !== "DEGEN") return "— (BNB bets have no jackpot draw)";
  if (!settlement) return "drawn at settlement from the hash of the bet's block";
  const draw = settlement.jackpot;
  if (!draw) return "no draw published";
  if (BigInt(draw.entropy) === 0n) return "void: no win (drawn after the bet's block hash was gone; the house paid the draw's fair value into the pool)";
  const won = draw.won > 0n ? `won ${amount("DEGEN", draw.won)}` : "the pool was empty";
  return draw.hit ? `HIT: ${won}` : "miss";
}

function Verdict({ ok, problems }: { ok: boolean; problems: string[] }) {
  return (
    <div className={cn("flex flex-col gap-1", ok ? "text-cyan" : "text-pink")} data-testid="history-verdict">
      <div className="flex items-center gap-2 font-semibold">
        {ok ? <CheckIcon className="size-4" /> : <WarningIcon className="size-4" />}
        <span>{ok ? "Verified" : "Does not verify"}</span>
      </div>
      {!ok && (
        <ul className="list-disc pl-6 text-xs" data-testid="history-problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An open bet: settling, late, or past its settle window with the claim open. */
function OpenBet({ entry, head, onClaim }: { entry: HistoryEntry; head: { block: number; time: number }; onClaim: () => void }) {
  const blocks = Math.max(0, head.block - entry.bet.placedBlock);
  const claimable = entry.claimableAt !== null && head.time >= entry.claimableAt;
  return (
    <div className="flex flex-col gap-2 text-xs text-gold" data-testid="history-open">
      <p>
        Open: not settled yet, {blocks} block{blocks === 1 ? "" : "s"} since the bet.
        {blocks >= LATE_AFTER_BLOCKS && " The settlement is late; your stake is safe in the Casino contract."}
        {entry.claimableAt !== null &&
          (claimable
            ? " Its settle window has passed: you can claim it back at its maximum payout."
            : blocks >= LATE_AFTER_BLOCKS && ` If it is not settled by ${clock(entry.claimableAt)}, you can claim it back at its maximum payout.`)}
      </p>
      {claimable && (
        <ActionButton
          action={{
            label: "Claim",
            busyLabel: "Claiming…",
            testId: "history-claim",
            run: async (report) => (await import("../onchain")).claimBet(entry.bet.betId, report),
          }}
          onDone={onClaim}
        />
      )}
    </div>
  );
}
