import type { PlayerIntakeView } from "../../../bindings/casino";
import type { RevertName } from "../../../bindings/errors";

/**
 * Which of the player's own limits (CasinoLimits.limitsOf, as the intake view read them) refuses a
 * stake now, or null. The chain lets a one-click bet through a stricter setting made after the
 * server accepted it (its deadline within the acceptance window of that setting, issue #37 item 2);
 * a bet the server takes now is accepted after every setting it can read, so none is waived here.
 * A loss window counts its net loss from 0 (the view shows no negative use), at most as permissive
 * as the chain.
 */
export function ownLimitRefusal(limits: PlayerIntakeView["limits"], stake: bigint, now: number): RevertName | null {
  if (limits.coolOffUntil > BigInt(now)) return "CoolingOff";
  if (limits.betCap !== 0n && stake > limits.betCap) return "AboveBetCap";
  const reached = limits.lossLimit.some((limit, i) => limit !== 0n && limits.lossUsed[i]! + stake > limit);
  return reached ? "LossLimitReached" : null;
}
