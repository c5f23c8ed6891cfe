/**
 * The address of a bet's own page (pages/bet): its id, and the block that settled it when known, so
 * that the page finds the bet on chain in one request instead of searching down from the head.
 */
export function betPath(betId: string | bigint, settledBlock?: number): string {
  return `/bet/${betId}${settledBlock === undefined ? "" : `?block=${settledBlock}`}`;
}
