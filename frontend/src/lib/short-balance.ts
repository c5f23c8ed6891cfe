import { formatTokenAmount, type Token } from "@/config/tokens";

/**
 * docs/product.md §5's alert of slots, kickboxing and crash when the playable balance does not
 * cover the stake; true when it was shown, and the round must not start.
 */
export function alertShortBalance(token: Token, balance: number, stake: number): boolean {
  if (stake <= balance) return false;
  window.alert(`Insufficient ${token} balance! You have ${formatTokenAmount(token, balance)} but need ${formatTokenAmount(token, stake)}`);
  return true;
}
