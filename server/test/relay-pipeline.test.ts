import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType, settleGame } from "../src/engine";
import { startTestServer, type TestServer } from "./support/app";
import { pendingCount } from "./support/chain";
import { MASTER_SECRET } from "./support/play";
import { betAs, broadcastSeen, relayStatus, seatPlayers, type Seat } from "./support/relay-seats";
import { SETTLER_ADDRESS } from "./support/settler";

/** Two bets a transaction and one transaction a round: small enough to fill a batch with a few players. */
const BATCH_SIZE = 2;

let server: TestServer;
let seats: Seat[];
let terms: bigint;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET, RELAY_BATCH_SIZE: String(BATCH_SIZE), RELAY_BATCHES_PER_ROUND: "1" });
  terms = await server.chain.casino.terms();
  seats = await seatPlayers(server, server.chain.players.slice(0, 5));
});
afterAll(async () => server?.close());

const bet = (seat: Seat) => betAs(server, seat, terms);
const status = relayStatus;
const broadcast = (hash: string) => broadcastSeen(server, hash);

describe("the relay under load", () => {
  it("sends a second round for other players while one is pending, once their bets fill a transaction; holds the lanes in flight, and a third round; every bet lands once, lanes to the wei", async () => {
    const { provider, casino } = server.chain;
    // A lane's bets stake from its funds and pay into them (a jackpot win goes to the vault).
    const laneFunds = () => Promise.all(seats.map(async (seat) => (await casino.laneOf(seat.player.address, seat.session.lane)).funds[0]!));
    const before = await laneFunds();
    await provider.send("evm_setAutomine", [false]);
    try {
      // Round 1: the first player's bet, pending.
      const first = await bet(seats[0]!);
      const round1 = (await status(seats[0]!, first, "sent")).txHash!;
      await broadcast(round1);

      // One bet of another player does not fill a transaction: it waits for round 1's receipt.
      const waiting = await bet(seats[1]!);
      // The lane in flight: its next bet follows round 1 on chain.
      const behindFirst = await bet(seats[0]!);
      await sleep(800);
      expect((await status(seats[1]!, waiting)).status).toBe("queued");
      expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(1);

      // A second player's bet fills it: round 2 goes out while round 1 is pending.
      const filling = await bet(seats[2]!);
      const [w, f] = await Promise.all([status(seats[1]!, waiting, "sent"), status(seats[2]!, filling, "sent")]);
      expect([w.status, f.status]).toEqual(["sent", "sent"]);
      expect(w.txHash).toBe(f.txHash);
      const round2 = w.txHash!;
      expect(round2).not.toBe(round1);
      await broadcast(round2);
      expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(2);

      // Two rounds in flight: a full transaction of two more lanes waits, as does the first lane's next bet.
      const third = [await bet(seats[3]!), await bet(seats[4]!)];
      await sleep(800);
      expect((await status(seats[3]!, third[0]!)).status).toBe("queued");
      expect((await status(seats[4]!, third[1]!)).status).toBe("queued");
      expect((await status(seats[0]!, behindFirst)).status).toBe("queued");
      expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(2);

      // Both rounds land in one block; the rest follows.
      await provider.send("evm_mine", []);
      const [r1, r2] = await Promise.all([provider.getTransactionReceipt(round1), provider.getTransactionReceipt(round2)]);
      expect([r1!.status, r2!.status]).toEqual([1, 1]);
      expect(r2!.blockNumber).toBe(r1!.blockNumber);
      await provider.send("evm_setAutomine", [true]);
      await provider.send("evm_mine", []);
      const ids = [
        [seats[0]!, first],
        [seats[0]!, behindFirst],
        [seats[1]!, waiting],
        [seats[2]!, filling],
        [seats[3]!, third[0]!],
        [seats[4]!, third[1]!],
      ] as const;
      for (const [seat, id] of ids) {
        for (let i = 0; i < 20 && (await status(seat, id)).status !== "mined"; i++) await provider.send("evm_mine", []).then(() => sleep(100));
        expect((await status(seat, id)).status).toBe("mined");
      }

      // Each bet placed once and settled in its own transaction; each lane moved by its payouts less its stakes.
      const expected = seats.map(() => 0n);
      for (const [seat, id] of ids) {
        const placed = await casino.queryFilter(casino.filters.BetPlaced(BigInt(id)));
        expect(placed).toHaveLength(1);
        const [settled] = await casino.queryFilter(casino.filters.BetSettled(BigInt(id)));
        expect(settled!.transactionHash).toBe(placed[0]!.transactionHash);
        const { payout } = settleGame({ gameType: GameType.WHEEL, token: "DEGEN", stake: parseEther("10"), params: 0b111n, word: settled!.args.random });
        expected[seats.indexOf(seat)]! += payout - parseEther("10");
      }
      const after = await laneFunds();
      expect(after.map((funds, i) => funds - before[i]!)).toEqual(expected);
    } finally {
      await provider.send("evm_setAutomine", [true]);
    }
  });
});
