/**
 * Prints the engine's maximum payout of every game, params and token (and blackjack split) as
 * JSON, for test/Payouts.table.test.ts to compare with the contract's reservation table:
 * npx tsx engine/scripts/payout-table.ts
 */
import { DICE, GameType, PLINKO_RISKS, encodePlinkoParams, maxPayout, type Token } from "../src";

/** An odd stake, so every rounding of `stake × num / den` is exercised. */
const STAKE = 123_456_789_123_456_789_123n;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i));
const PARAMS: Record<GameType, bigint[]> = {
  [GameType.WHEEL]: range(1, 1022).filter((mask) => mask.toString(2).replace(/0/g, "").length <= 9),
  [GameType.SLOTS]: [0n],
  [GameType.BLACKJACK]: [0n],
  [GameType.KICKBOXING]: [0n, 1n, 2n],
  [GameType.CRASH]: [0n, ...range(101, 10_000)],
  // Every target of both sides: under 1..9800, over 199..9998 (the roll-over bit set).
  [GameType.DICE]: [...range(1, 9_800), ...range(199, 9_998).map((target) => target | (1n << BigInt(DICE.OVER_BIT)))],
  // Every rows × risk.
  [GameType.PLINKO]: PLINKO_RISKS.flatMap((risk) => range(8, 16).map((rows) => encodePlinkoParams({ rows: Number(rows), risk }))),
  // Every mine count: the cap binds from 3 mines with DEGEN (the full clear pays RTP × C(25, mines)).
  [GameType.MINES]: range(1, 24),
};

const rows: { gameType: number; token: Token; split: boolean; params: string[]; payouts: string[] }[] = [];
for (const gameType of Object.values(GameType)) {
  for (const token of ["DEGEN", "BNB"] as const) {
    for (const split of gameType === GameType.BLACKJACK ? [false, true] : [false]) {
      const params = PARAMS[gameType];
      const stake = split ? 2n * STAKE : STAKE;
      rows.push({ gameType, token, split, params: params.map(String), payouts: params.map((p) => maxPayout(gameType, p, token, stake, split).toString()) });
    }
  }
}
process.stdout.write(JSON.stringify({ stake: STAKE.toString(), rows }));
