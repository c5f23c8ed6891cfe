import { RulesCard } from "@/components/ui/rules-card";
import { KICKBOXING, KICKBOXING_CHANCES } from "@engine/kickboxing";
import { betMultiplier } from "../bet-options";

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const [punchLow, punchHigh] = KICKBOXING.PUNCH_DAMAGE;
const [kickLow, kickHigh] = KICKBOXING.KICK_DAMAGE;

/** docs/product.md §9's help text; every figure is read from the engine's rules. */
export function HowToPlay() {
  const rules = [
    `Pick a side: Red or Blue pays x${betMultiplier("RED")}, a Tie pays x${betMultiplier("TIE")} when both fighters are still standing at the bell.`,
    `Each round lasts ${KICKBOXING.ROUND_MS / 1000} seconds and both fighters start with ${KICKBOXING.START_HP} HP.`,
    `Action tempo: one exchange every ${KICKBOXING.EXCHANGE_MS / 1000} s. Attacks land ${percent(KICKBOXING.HIT_CHANCE)} of the time.`,
    `Punches deal ${punchLow}-${punchHigh} HP, kicks ${kickLow}-${kickHigh} HP.`,
    `Blocks (${percent(KICKBOXING.BLOCK_CHANCE)} of landed attacks) reduce damage by ${100 - KICKBOXING.BLOCKED_DAMAGE_PCT}%.`,
    `Counters: a fighter who blocks strikes back ${percent(KICKBOXING.COUNTER_CHANCE)} of the time with ${KICKBOXING.COUNTER_DAMAGE_PCT}% damage.`,
    `Combos: attacking again in a row adds +${KICKBOXING.COMBO_STEP_PCT}% damage per streak.`,
    "The first fighter to 0 HP loses by knockout.",
    // docs/decisions.md §5: without even matches no fight went the distance (none in 10^6).
    `Even matches: in ${percent(KICKBOXING.EVEN_MATCH_CHANCE)} of fights the fighters pull their blows to ${percent(KICKBOXING.EVEN_MATCH_DAMAGE_PCT / 100)} of their damage and nobody drops below 1 HP, so both stand at the bell: a draw. Red and Blue each win ${percent(KICKBOXING_CHANCES.RED)} of the fights.`,
  ];
  return <RulesCard id="kickboxing-how-to-play" rules={rules} bulletClassName="bg-ember" />;
}
