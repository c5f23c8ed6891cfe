// What each game returns per token, from the engine's figures (engine/README.md "RTP"): the wheel,
// slots, crash, dice, plinko and mines pay the token multiplier (mines exactly, below its 1000x
// cap); blackjack its own payouts per token, kickboxing the same in both tokens (issue #39 item 1:
// every number beside a bet is what that game pays).
import { BLACKJACK_RTP, kickboxingRtp } from "@engine/rtp";
import type { KickboxingBet } from "@engine/kickboxing";
import { TOKEN_MULTIPLIER, type Token } from "./tokens";

/** The games whose payouts the token multiplier scales, as the product's token texts are qualified. */
export const MULTIPLIER_GAMES_TEXT = "on wheel, slots, crash, dice, plinko and mines";

/** A return as a percent of at most one decimal: "98.5%", "8%". */
const percent = (rtp: number) => `${Number((rtp * 100).toFixed(1))}%`;

/** A return as the player reads it beside a bet: "RTP 98.5%", "RTP 8%". */
export function rtpText(rtp: number): string {
  return `RTP ${percent(rtp)}`;
}

/** Blackjack's return by basic strategy with `token`: "98.5%" with DEGEN, "97.6%" with BNB. */
export function blackjackRtpPercent(token: Token): string {
  return percent(BLACKJACK_RTP[token]);
}

/** Blackjack's token switch badges: each token's return, "RTP 98.5%" and "RTP 97.6%". */
export const BLACKJACK_RTP_BADGES: Record<Token, string> = { DEGEN: rtpText(BLACKJACK_RTP.DEGEN), BNB: rtpText(BLACKJACK_RTP.BNB) };

/** Kickboxing's token switch badges: the chosen bet's return, alike in both tokens; none before a bet is chosen. */
export function kickboxingRtpBadges(bet: KickboxingBet | null): Partial<Record<Token, string>> {
  if (bet === null) return {};
  const text = rtpText(kickboxingRtp(bet));
  return { DEGEN: text, BNB: text };
}

/** The token's figures where they hold: "1.02x · 51% player on wheel, slots, crash, dice, plinko and mines". */
export function multiplierGamesText(token: Token, playerPercent: number): string {
  return `${TOKEN_MULTIPLIER[token]}x · ${playerPercent}% player ${MULTIPLIER_GAMES_TEXT}`;
}

/** The other games' returns with this token, in two parts: "RTP: blackjack 98.5%", "kickboxing 98% (Tie 8%)". */
export function otherGamesParts(token: Token): [string, string] {
  return [`RTP: blackjack ${blackjackRtpPercent(token)}`, `kickboxing ${percent(kickboxingRtp("RED"))} (Tie ${percent(kickboxingRtp("TIE"))})`];
}

/** The same as one text: "RTP: blackjack 98.5% · kickboxing 98% (Tie 8%)". */
export function otherGamesText(token: Token): string {
  return otherGamesParts(token).join(" · ");
}
