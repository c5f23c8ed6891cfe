import { toQuantity as hex } from "ethers";
import { casinoInterface } from "../../bindings/casino";
import { VERIFIED_TOPICS, type RawLog } from "./events";
import { ConnectionError, RpcError, type Rpc } from "./rpc";

export interface LogReading {
  /** Blocks per eth_getLogs to start with; halved for the rest of the run when the node refuses a range. */
  chunk: number;
  /** eth_getLogs requests in flight at once. */
  concurrency: number;
  onProgress?: (blocksDone: number, blocksTotal: number) => void;
}

/**
 * Every verified event of the Casino and its CasinoSessions (`addresses`) in [from, to], handed to `onLogs` in chain order, a chunk at a time
 * as soon as every earlier chunk has been handed over: the caller checks while later chunks are
 * still being read. The range is read in chunks, several at a time; a chunk the node refuses
 * (too many blocks or results: each provider words it differently) is split in two until it
 * passes, and later chunks start from the size that passed.
 */
export async function readCasinoLogs(
  rpc: Rpc,
  addresses: readonly string[],
  from: number,
  to: number,
  reading: LogReading,
  onLogs: (logs: RawLog[]) => void,
): Promise<void> {
  let span = Math.max(1, reading.chunk);
  const total = to - from + 1;
  let done = 0;

  const fetchRange = async (start: number, end: number): Promise<RawLog[]> => {
    if (end - start + 1 > span) {
      const parts: RawLog[] = [];
      for (let first = start; first <= end; first += span) parts.push(...(await fetchRange(first, Math.min(end, first + span - 1))));
      return parts;
    }
    try {
      const logs = await rpc.call<RawLog[]>("eth_getLogs", [{ address: addresses, topics: [VERIFIED_TOPICS], fromBlock: hex(start), toBlock: hex(end) }]);
      done += end - start + 1;
      reading.onProgress?.(done, total);
      return logs;
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      if (start === end) throw new ConnectionError(`the node refuses eth_getLogs even for block ${start} alone: ${error.message}`);
      const half = Math.ceil((end - start + 1) / 2);
      span = Math.min(span, half);
      return [...(await fetchRange(start, start + half - 1)), ...(await fetchRange(start + half, end))];
    }
  };

  const chunks: [number, number][] = [];
  for (let first = from; first <= to; first += span) chunks.push([first, Math.min(to, first + span - 1)]);
  const waiting = new Map<number, RawLog[]>();
  let delivered = 0;
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const index = next++;
      const [start, end] = chunks[index]!;
      waiting.set(index, await fetchRange(start, end));
      for (let ready = waiting.get(delivered); ready !== undefined; ready = waiting.get(delivered)) {
        waiting.delete(delivered++);
        // Nodes return a range's logs in order; sorting guards the few that do not. Removed logs were reorged out.
        onLogs(ready.filter((log) => !log.removed).sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber) || Number(a.logIndex) - Number(b.logIndex)));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, reading.concurrency) }, worker));
}

/** Timestamps (seconds) of the given blocks, read in batches of headers. */
export async function blockTimestamps(rpc: Rpc, blocks: readonly number[]): Promise<Map<number, number>> {
  const unique = [...new Set(blocks)];
  const stamps = new Map<number, number>();
  const headers = await rpc.batch<{ timestamp: string } | null>(unique.map((block) => ({ method: "eth_getBlockByNumber", params: [hex(block), false] })));
  headers.forEach((header, i) => {
    if (header instanceof RpcError || header === null)
      throw new ConnectionError(`block ${unique[i]} could not be read: ${header === null ? "not found" : header.message}`);
    stamps.set(unique[i]!, Number(header.timestamp));
  });
  return stamps;
}

/** The DEGEN token the Casino was deployed with (its `degen()`). */
export async function degenOf(rpc: Rpc, casino: string, block: number): Promise<string> {
  const data = casinoInterface.encodeFunctionData("degen");
  const answer = await rpc.call<string>("eth_call", [{ to: casino, data }, hex(block)]);
  return casinoInterface.decodeFunctionResult("degen", answer)[0] as string;
}

/** The Casino's CasinoSessions (its `sessions()`), or null for a contract without one. */
export async function sessionsOf(rpc: Rpc, casino: string, block: number): Promise<string | null> {
  const data = casinoInterface.encodeFunctionData("sessions");
  try {
    const answer = await rpc.call<string>("eth_call", [{ to: casino, data }, hex(block)]);
    return casinoInterface.decodeFunctionResult("sessions", answer)[0] as string;
  } catch (error) {
    if (error instanceof RpcError || (error as { code?: string }).code === "BAD_DATA") return null;
    throw error;
  }
}

export async function hasCode(rpc: Rpc, address: string, block: number): Promise<boolean> {
  const code = await rpc.call<string>("eth_getCode", [address, hex(block)]);
  return code !== "0x" && code !== "";
}
