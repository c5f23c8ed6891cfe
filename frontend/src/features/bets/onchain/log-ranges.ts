// Reading logs the way public BSC nodes allow: eth_getLogs over at most 5,000 blocks per request
// (larger ranges are refused), a few requests in flight.

/** Blocks per log request. */
export const LOG_RANGE = 5_000;
/** Requests in flight while reading a history: enough to hide a distant node's round trip. */
export const READ_CONCURRENCY = 4;

export interface BlockRange {
  fromBlock: number;
  toBlock: number;
}

/** [from, to] cut into ranges of at most LOG_RANGE blocks, newest first. */
export function rangesDown(from: number, to: number): BlockRange[] {
  const ranges: BlockRange[] = [];
  for (let top = to; top >= from; top -= LOG_RANGE) ranges.push({ fromBlock: Math.max(from, top - LOG_RANGE + 1), toBlock: top });
  return ranges;
}

/** [from, to] cut into ranges of at most LOG_RANGE blocks, oldest first. */
export function rangesUp(from: number, to: number): BlockRange[] {
  return rangesDown(from, to).reverse();
}

/**
 * The smallest set of ranges of at most LOG_RANGE blocks that holds every given block: one
 * request for bets placed close together, however many they are.
 */
export function rangesAround(blocks: readonly number[]): BlockRange[] {
  const ranges: BlockRange[] = [];
  for (const block of [...new Set(blocks)].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && block - last.fromBlock < LOG_RANGE) last.toBlock = block;
    else ranges.push({ fromBlock: block, toBlock: block });
  }
  return ranges;
}

/** `work` over every item, at most `limit` at a time, results in the items' order. */
export async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
