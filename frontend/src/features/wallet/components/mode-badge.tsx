import { Badge } from "@/components/ui/badge";
import { useWallet } from "../use-wallet";

/**
 * SPEC's mode badge: 'Demo Mode' or 'Web3 Mode', and no other text. While an earlier visit's
 * wallet is being brought back the mode is not known yet, so the badge keeps its place empty
 * (the header's button says 'Connecting…' meanwhile) rather than show Demo Mode first.
 */
export function ModeBadge({ withDot = false, "data-testid": testId }: { withDot?: boolean; "data-testid"?: string }) {
  const { isDemo, restoring } = useWallet();
  if (restoring) {
    return (
      <Badge tone="neutral" className="min-w-24 animate-pulse" data-testid={testId} aria-hidden>
        {"\u00a0"}
      </Badge>
    );
  }
  return (
    <Badge tone={isDemo ? "gold" : "cyan"} data-testid={testId}>
      {withDot && <span aria-hidden="true" className={`size-2 rounded-full ${isDemo ? "bg-gold" : "bg-cyan"} animate-pulse-brief`} />}
      {isDemo ? "Demo Mode" : "Web3 Mode"}
    </Badge>
  );
}
