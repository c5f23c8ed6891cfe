import { formatEther } from "ethers";
import { betRtp, type GameType } from "../engine";
import type { TokenSymbol } from "../tokens";
import type { SessionBetRow } from "./intake";

/** What the house expects to keep of a one-click bet once the relay's gas is paid, in whole tokens of the bet. */
export interface BetMargin {
  token: TokenSymbol;
  margin: number;
}

/**
 * The house's expected margin on each bet a mined relay transaction carried (issue #39 item 7):
 * stake × edge (1 − the bet's RTP, engine betRtp) less the bet's equal share of the transaction's
 * fee (gasUsed × effectiveGasPrice). A DEGEN bet's share is valued at the swap desk's rate
 * (`degenPerBnb`), the price at which the house itself exchanges the two. Negative when the gas
 * costs more than the edge brings, and always on the DEGEN games returning 102 %.
 */
export function relayMargins(
  bets: readonly Pick<SessionBetRow, "token" | "amount" | "gameType" | "params">[],
  feeWei: bigint,
  degenPerBnb: bigint,
): BetMargin[] {
  if (bets.length === 0) return [];
  const gasShareBnb = Number(formatEther(feeWei)) / bets.length;
  return bets.map((bet) => {
    const edge = 1 - betRtp(bet.gameType as GameType, BigInt(bet.params), bet.token);
    const gas = bet.token === "BNB" ? gasShareBnb : gasShareBnb * Number(degenPerBnb);
    return { token: bet.token, margin: Number(formatEther(BigInt(bet.amount))) * edge - gas };
  });
}
