// @vitest-environment node
import { getAddress, id, parseEther, type Log, type Provider, type TransactionReceipt } from "ethers";
import { describe, expect, it } from "vitest";
import { ticketsHash } from "@engine/session";
import { GameType } from "@engine/gameTypes";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import type { Casino } from "@typechain/contracts/Casino";
import { betFromLog, findJackpotDraw } from "../onchain/chain-bet";

// A one-click play transaction with two DEGEN bets, its jackpot tickets drawn later: a miss shows
// only in its batch's JackpotTicketsDrawn, a hit once drawJackpots paid it (JackpotDrawn).
const CASINO = getAddress("0x" + "c1".repeat(20));
const DEGEN = getAddress("0x" + "d1".repeat(20));
const PLAYER = getAddress("0x1234567890abcdef1234567890abcdef12345678");
const iface = Casino__factory.createInterface();
const PLAY_TX = id("play");
const ENTROPY = id("the bet block's hash");
/** Odds are P × 2^47: 1 never hits (as good as), 2^47 always does. */
const [NEVER, ALWAYS] = [1n, 2n ** 47n];

function log(name: string, args: unknown[], tx: string, block: number, index: number): Log {
  const { topics, data } = iface.encodeEventLog(name, args);
  return { address: CASINO, topics, data, transactionHash: tx, blockNumber: block, blockHash: id(`block ${block}`), index } as unknown as Log;
}

const betPlaced = (nonce: bigint, odds: bigint, index: number) =>
  log(
    "BetPlaced",
    [(BigInt(PLAYER) << 64n) | nonce, PLAYER, DEGEN, parseEther("10"), GameType.WHEEL, 1n, nonce, id(`seed ${nonce}`), 0n, odds, parseEther("100")],
    PLAY_TX,
    10,
    index,
  );

function chainWith(logs: Log[]) {
  const receipts = new Map<string, TransactionReceipt>();
  for (const entry of logs) {
    const receipt = receipts.get(entry.transactionHash) ?? ({ hash: entry.transactionHash, logs: [] as Log[] } as unknown as TransactionReceipt);
    (receipt.logs as Log[]).push(entry);
    receipts.set(entry.transactionHash, receipt);
  }
  const provider = {
    getLogs: async (filter: { topics: (string | string[] | null)[] }) =>
      logs.filter((entry) => filter.topics.every((topic, i) => topic === null || [topic].flat().includes(entry.topics[i]!))),
    getTransactionReceipt: async (hash: string) => receipts.get(hash) ?? null,
  } as unknown as Provider;
  const casino = { interface: iface, getAddress: async () => CASINO } as unknown as Casino;
  return { provider, casino };
}

describe("a one-click bet's deferred jackpot draw", () => {
  const placed = [betPlaced(0n, NEVER, 0), betPlaced(1n, ALWAYS, 1)];
  const [miss, hit] = placed.map((entry) => ({ ...betFromLog(entry, DEGEN), txHash: PLAY_TX }));
  const tickets = [miss!, hit!].map((bet) => ({ betId: bet.betId, odds: bet.jackpotOdds, prize: bet.jackpotPrize }));
  const drawn = log("JackpotTicketsDrawn", [ticketsHash(tickets), ENTROPY], id("next play"), 11, 0);

  it("is not known before its batch's draw is recorded", async () => {
    const { casino, provider } = chainWith(placed);
    expect(await findJackpotDraw(casino, provider, miss!)).toBeNull();
  });

  it("is a miss from the batch's JackpotTicketsDrawn alone, and a hit only once drawJackpots paid it", async () => {
    const recorded = chainWith([...placed, drawn]);
    expect(await findJackpotDraw(recorded.casino, recorded.provider, miss!)).toEqual({ entropy: ENTROPY, prize: 0n, hit: false, won: 0n });
    expect(await findJackpotDraw(recorded.casino, recorded.provider, hit!)).toBeNull();

    const paid = chainWith([
      ...placed,
      drawn,
      log("JackpotDrawn", [hit!.betId, ENTROPY, parseEther("100"), true], id("drawJackpots"), 12, 0),
      log("JackpotWon", [PLAYER, parseEther("100")], id("drawJackpots"), 12, 1),
    ]);
    expect(await findJackpotDraw(paid.casino, paid.provider, hit!)).toEqual({ entropy: ENTROPY, prize: parseEther("100"), hit: true, won: parseEther("100") });
  });
});
