import type { GameId } from "@engine/gameTypes";
import { Link } from "react-router-dom";
import { betPath } from "@/lib/bet-path";
import { formatTokenAmount } from "@/config/tokens";
import { CheckIcon, WarningIcon } from "@/components/ui/icons";
import { TxHash } from "@/components/ui/tx-hash";
import { DepositShortcut, useWallet } from "@/features/wallet";
import { cn } from "@/lib/cn";
import { LATE_AFTER_BLOCKS, useBetStore, type ActiveBet } from "../bet-store";
import { LateSettlement } from "./late-settlement";
import { DeferredDraw, RelayLate } from "./one-click-notices";

/**
 * Where the player's on-chain bet stands, shown by every game in web3 mode (issue #14): confirm in
 * the wallet (not with one-click play on) → placing (hash) → settling (blocks waited) → result and
 * its check in this browser; a late settlement says so, and once the bet's claim time has passed
 * offers its claim; a one-click bet that has not landed offers the wallet's way (issue #20).
 */
export function BetStatus({ game }: { game: GameId }) {
  const { isDemo } = useWallet();
  const bet = useBetStore((state) => (state.bet?.game === game ? state.bet : null));
  if (isDemo || !bet) return null;
  return (
    <div className="glass-card flex flex-col gap-2 px-4 py-3 text-sm" data-testid="bet-status" data-stage={bet.stage} data-bet={bet.id} aria-live="polite">
      <StageLine bet={bet} />
      {bet.stage === "confirm" && bet.walletReason && <p className="text-xs text-slate-400">{bet.walletReason}</p>}
      {bet.stage === "failed" && bet.suggestDeposit && (
        <div>
          <DepositShortcut />
        </div>
      )}
      {bet.txHash && <HashLine label="Bet" hash={bet.txHash} url={bet.explorerUrl ?? null} />}
      {bet.stage === "relay-late" && <RelayLate bet={bet} />}
      {bet.stage === "settling" && bet.blocksWaited >= LATE_AFTER_BLOCKS && <LateSettlement bet={bet} />}
      {bet.settleTxHash && <HashLine label="Settlement" hash={bet.settleTxHash} url={bet.settleExplorerUrl ?? null} />}
      {bet.verdict && <Verdict bet={bet} />}
      {bet.stage === "result" && <DeferredDraw bet={bet} />}
    </div>
  );
}

function StageLine({ bet }: { bet: ActiveBet }) {
  const text: Record<ActiveBet["stage"], string> = {
    confirm: "Confirm the bet in your wallet…",
    placing: bet.oneClick ? "Signed with your one-click key. Placing it on chain…" : "Placing the bet on chain…",
    "relay-late": "Your signed bet has not landed yet",
    playing: "Bet placed on chain. Your round is in play",
    settling:
      bet.blocksWaited === 0
        ? "Bet placed. Settling in the next block…"
        : `Settling… ${bet.blocksWaited} block${bet.blocksWaited === 1 ? "" : "s"} since the bet`,
    result: bet.claimed ? claimedLine(bet) : "Settled on chain",
    failed: bet.error ?? "The bet failed",
    cancelled: "Bet cancelled in your wallet",
  };
  const busy = bet.stage === "confirm" || bet.stage === "placing" || bet.stage === "relay-late" || bet.stage === "playing" || bet.stage === "settling";
  return (
    <div className={cn("flex items-center gap-2", bet.stage === "failed" && "text-pink")} data-testid="bet-stage">
      <span
        className={cn("size-2 shrink-0 rounded-full", busy ? "animate-pulse bg-gold" : bet.stage === "result" ? "bg-cyan" : "bg-slate-500")}
        aria-hidden="true"
      />
      <span>{text[bet.stage]}</span>
    </div>
  );
}

/** A bet claimed back after its settle window: what the claim paid, which is the bet's maximum. */
function claimedLine(bet: ActiveBet): string {
  const paid = bet.payout !== undefined && bet.token ? `: ${formatTokenAmount(bet.token, Number(bet.payout))} ${bet.token}` : "";
  return `Claimed back at its maximum payout${paid}`;
}

function HashLine({ label, hash, url }: { label: string; hash: string; url: string | null }) {
  return (
    <div className="font-mono text-xs text-slate-400" title={hash}>
      {label}: <TxHash hash={hash} url={url} />
    </div>
  );
}

function Verdict({ bet }: { bet: ActiveBet }) {
  const verdict = bet.verdict!;
  return (
    <div className={cn("flex flex-col gap-1", verdict.ok ? "text-cyan" : "text-pink")} data-testid="bet-verdict" data-ok={verdict.ok}>
      <div className="flex items-center gap-2 font-semibold">
        {verdict.ok ? <CheckIcon className="size-4" /> : <WarningIcon className="size-4" />}
        <span>{verdict.ok ? "Verified" : "Verification failed"}</span>
        {bet.betId && (
          <Link to={betPath(bet.betId)} className="ml-auto text-xs font-normal text-cyan underline-offset-2 hover:underline" data-testid="bet-page-link">
            Bet page
          </Link>
        )}
        <Link to="/fairness" className={cn("text-xs font-normal text-slate-400 underline-offset-2 hover:underline", !bet.betId && "ml-auto")}>
          How it is checked
        </Link>
      </div>
      {!verdict.ok && (
        <ul className="list-disc pl-6 text-xs" data-testid="bet-problems">
          {verdict.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
