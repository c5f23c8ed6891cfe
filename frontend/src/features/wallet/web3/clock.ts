/**
 * Now, in unix seconds, as a deadline or a cool-off is counted on chain: the later of the head
 * block's time and this machine's clock (a test chain may have moved ahead of the clock, and an
 * idle chain's last block lags it).
 */
export function chainClock(head: { timestamp: number } | null | undefined): number {
  return Math.max(head?.timestamp ?? 0, Math.floor(Date.now() / 1000));
}
