import { RulesCard } from "@/components/ui/rules-card";
import { CRASH } from "@engine/crash";
import { RTP_BPS, tokenMultiplier, type Token } from "@engine/tokens";

const rtp = (token: Token) => tokenMultiplier(token).toFixed(2);
const maxMultiplier = CRASH.MAX_HUNDREDTHS / 100;
const instantBustPercent = 100 / CRASH.INSTANT_BUST_DIVISOR;
/** The lowest target whose win chance is exactly RTP / m (m ≥ RTP / 0.99), as "1.04x". */
const fairFrom = (token: Token) => `${(Math.max(CRASH.MIN_AUTO_CASH_OUT, Math.ceil(Number(RTP_BPS[token]) / (100 - instantBustPercent))) / 100).toFixed(2)}x`;

/** docs/decisions.md §5's crash distribution, which replaces the product's banded table. */
export function HowToPlay() {
  const rules = [
    "Choose your token and bet, then press START GAME: the stake is taken and the spaceship launches.",
    "The multiplier climbs along the flight curve. Press CASH OUT at any moment to win stake × the multiplier shown.",
    "If the spaceship crashes before you cash out, the stake is lost.",
    "Set an optional auto cash-out target and the game cashes out for you the moment the multiplier reaches it.",
    `${instantBustPercent}% of rounds bust instantly at 1.00x.`,
    `Otherwise the chance the spaceship reaches a multiplier m is RTP / m: ${rtp("DEGEN")} / m with DEGEN (RTP ${Math.round(tokenMultiplier("DEGEN") * 100)}%), ${rtp("BNB")} / m with BNB (RTP ${Math.round(tokenMultiplier("BNB") * 100)}%). For example 2x is reached ${((tokenMultiplier("DEGEN") / 2) * 100).toFixed(0)}% of the time with DEGEN.`,
    `The crash point is capped at ${maxMultiplier}x.`,
    "With a wallet, a round with an auto cash-out is settled on chain first, then flown. A round without one flies on the server's clock along the round's own curve (the server publishes its wobble, which says nothing of the crash point), and CASH OUT pays the multiplier shown when you press it, once the server finds its curve had reached it, and not crashed, when your request arrived.",
    `So every cash-out target from ${fairFrom("DEGEN")} (DEGEN) or ${fairFrom("BNB")} (BNB) up returns exactly the token's RTP, lower targets return less, and no target wins every round.`,
  ];
  return <RulesCard id="crash-how-to-play" rules={rules} bulletClassName="bg-violet" />;
}
