import { sql } from "drizzle-orm";
import { toQuantity, type JsonRpcProvider } from "ethers";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";

/** Blocks whose timestamps are asked for at once. */
const READ_AT_ONCE = 50;

/**
 * The timestamps of these blocks, from the node: the leaderboards' 24 h and 7 day windows count a
 * bet by the time of the block that settled it, which anyone can read from the chain too.
 */
export async function readBlockTimes(provider: JsonRpcProvider, blocks: Iterable<number>): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  const wanted = [...new Set(blocks)];
  for (let i = 0; i < wanted.length; i += READ_AT_ONCE) {
    const read = await Promise.all(
      wanted.slice(i, i + READ_AT_ONCE).map(async (block) => {
        const header = (await provider.send("eth_getBlockByNumber", [toQuantity(block), false])) as { timestamp: string } | null;
        if (!header) throw new Error(`Block ${block} is not on the node`);
        return [block, Number(header.timestamp)] as const;
      }),
    );
    for (const [block, time] of read) times.set(block, time);
  }
  return times;
}

/** Records block timestamps (a block already recorded keeps its row: a block's time never changes). */
export async function recordBlockTimes(db: Db, times: ReadonlyMap<number, number>): Promise<void> {
  if (times.size === 0) return;
  const blocks = `{${[...times.keys()].join(",")}}`;
  const seconds = `{${[...times.values()].join(",")}}`;
  await db.execute(sql`
    INSERT INTO block_times (block, time) SELECT * FROM unnest(${blocks}::bigint[], ${seconds}::bigint[])
    ON CONFLICT (block) DO NOTHING`);
}

/** Blocks of settled bets whose time is not recorded: bets recorded before block times were (before migration 11). */
export async function blocksWithoutTime(db: Db, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    SELECT DISTINCT bets.settled_block AS block FROM bets
    WHERE bets.status = 'settled' AND NOT EXISTS (SELECT 1 FROM block_times WHERE block_times.block = bets.settled_block)
    LIMIT ${limit}`);
  return rowsOf<{ block: string }>(result).map((row) => Number(row.block));
}
