import { Badge } from "@/components/ui/badge";
import { useWallet } from "../use-wallet";

/**
 * docs/product.md §3: "Demo Mode" or "Web3 Mode". While an earlier visit's wallet is being brought
 * back, the mode is not known yet: the badge says "Connecting…", as the header's button does.
 */
export function ModeBadge({ withDot = false, "data-testid": testId }: { withDot?: boolean; "data-testid"?: string }) {
  const { isDemo, restoring } = useWallet();
  const tone = restoring ? "neutral" : isDemo ? "gold" : "cyan";
  return (
    <Badge tone={tone} data-testid={testId}>
      {withDot && <span aria-hidden="true" className={`size-2 rounded-full ${restoring ? "bg-slate-400" : isDemo ? "bg-gold" : "bg-cyan"} animate-pulse`} />}
      {restoring ? "Connecting…" : isDemo ? "Demo Mode" : "Web3 Mode"}
    </Badge>
  );
}
