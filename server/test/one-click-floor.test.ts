// Issue #39 item 7: the house pays the gas of every one-click bet, so it takes none below a floor
// per token (published in GET /api/config; a wallet bet of any stake is still taken), and counts
// its margin on each one-click bet after that bet's share of the relay transaction's fee.
import { formatEther, parseEther } from "ethers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { oneClickFloorFor, readConfig } from "../src/config";
import { GameType } from "../src/engine";
import { startTestServer, type TestServer } from "./support/app";
import { Client } from "./support/http";
import { depositDegen, placeBet } from "./support/play";
import { betAs, broadcastSeen, relayStatus, seatPlayers, type Seat } from "./support/relay-seats";
import { sendBet, signBet } from "./support/sessions";

let server: TestServer;
let seats: Seat[];
let terms: bigint;

beforeAll(async () => {
  server = await startTestServer({ ONE_CLICK_MIN_STAKE_DEGEN: "5", ONE_CLICK_MIN_STAKE_BNB: "0.002" });
  terms = await server.chain.casino.terms();
  seats = await seatPlayers(server, server.chain.players.slice(0, 3), { bnb: true });
});
afterAll(async () => server?.close());
afterEach(async () => {
  await server.chain.provider.send("evm_setAutomine", [true]);
});

/** The histogram's sum and count for a token, as GET /metrics shows them. */
async function marginOf(token: "DEGEN" | "BNB"): Promise<{ sum: number; count: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const read = (series: string) => Number(new RegExp(`^degen_one_click_margin_${series}\\{token="${token}"\\} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return { sum: read("sum"), count: read("count") };
}

/** GET /metrics until the token's histogram has counted `count` bets (it is recorded once the relay has recorded the bets mined). */
async function marginOnceCounted(token: "DEGEN" | "BNB", count: number): Promise<{ sum: number; count: number }> {
  for (const deadline = Date.now() + 10_000; ;) {
    const margin = await marginOf(token);
    if (margin.count >= count || Date.now() > deadline) return margin;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the smallest one-click stake", () => {
  it("is published per token in GET /api/config", async () => {
    const { sessions } = (await new Client(server.url).get("/api/config")).body;
    expect(sessions.minStake).toEqual({ DEGEN: "5", BNB: "0.002" });
  });

  it("defaults to the stakes of which a bet's relay gas is at most 1 % (the minimum bets on the local chain), and is never below the minimum bet", () => {
    expect(oneClickFloorFor(readConfig({}), 97)).toEqual({ DEGEN: parseEther("6"), BNB: parseEther("0.001") });
    expect(oneClickFloorFor(readConfig({}), 31337)).toEqual({ DEGEN: parseEther("1"), BNB: parseEther("0.001") });
    expect(oneClickFloorFor(readConfig({ ONE_CLICK_MIN_STAKE_DEGEN: "25", ONE_CLICK_MIN_STAKE_BNB: "0.005" }), 97)).toEqual({
      DEGEN: parseEther("25"),
      BNB: parseEther("0.005"),
    });
    expect(() => readConfig({ ONE_CLICK_MIN_STAKE_BNB: "0.0005" })).toThrow("ONE_CLICK_MIN_STAKE_BNB must be at least the Casino's minimum bet, 0.001 BNB");
    expect(() => readConfig({ ONE_CLICK_MIN_STAKE_DEGEN: "five" })).toThrow(
      'ONE_CLICK_MIN_STAKE_DEGEN must be a decimal amount with at most 18 decimals, got "five"',
    );
  });

  it("refuses a one-click bet below it with a 400 naming the floor, and takes one at it", async () => {
    const seat = seats[0]!;
    const below = async (token: "DEGEN" | "BNB", amount: string) => {
      const signed = await signBet(server.chain, seat.session, {
        game: GameType.WHEEL,
        params: 0b111n,
        token,
        amount: parseEther(amount),
        n: seat.n,
        terms,
      });
      return sendBet(seat.client, signed);
    };
    expect(await below("DEGEN", "4.99")).toMatchObject({
      status: 400,
      body: { error: "The smallest one-click stake is 5 DEGEN: place a smaller bet from your wallet" },
    });
    expect(await below("BNB", "0.001")).toMatchObject({
      status: 400,
      body: { error: "The smallest one-click stake is 0.002 BNB: place a smaller bet from your wallet" },
    });

    const atFloor = await betAs(server, seat, terms, { amount: parseEther("5") });
    expect((await relayStatus(seat, atFloor, "mined")).status).toBe("mined");
  });

  it("counts each relayed bet's margin: stake × edge less its share of gasUsed × effectiveGasPrice, DEGEN's gas at the swap desk's rate", async () => {
    const { provider } = server.chain;
    const degenBefore = await marginOnceCounted("DEGEN", 1);
    const bnbBefore = await marginOf("BNB");
    await provider.send("evm_setAutomine", [false]);
    // A DEGEN wheel bet goes out alone and stays pending; two BNB bets arrive meanwhile and share the next transaction.
    const degenBet = await betAs(server, seats[0]!, terms, { amount: parseEther("10") });
    const alone = (await relayStatus(seats[0]!, degenBet, "sent")).txHash!;
    const bnbBets = [
      await betAs(server, seats[1]!, terms, { token: "BNB", amount: parseEther("0.01"), game: GameType.WHEEL, params: 0b11n }),
      await betAs(server, seats[2]!, terms, { token: "BNB", amount: parseEther("0.02"), game: GameType.KICKBOXING, params: 1n }),
    ];
    await broadcastSeen(server, alone);
    await provider.send("evm_mine", []);
    const shared = await Promise.all(bnbBets.map(async (id, i) => (await relayStatus(seats[i + 1]!, id, "sent")).txHash!));
    expect(shared[0]).toBe(shared[1]);
    await broadcastSeen(server, shared[0]!);
    await provider.send("evm_mine", []);

    const fee = async (hash: string) => Number(formatEther((await provider.getTransactionReceipt(hash))!.fee));
    const [aloneFee, sharedFee] = [await fee(alone), await fee(shared[0]!)];
    expect(aloneFee).toBeGreaterThan(0);
    // DEGEN's wheel returns 102 %: the house loses 2 % of the 10 DEGEN and the whole fee, 10,000 DEGEN a BNB.
    const degen = await marginOnceCounted("DEGEN", degenBefore.count + 1);
    expect(degen.count).toBe(degenBefore.count + 1);
    expect(degen.sum - degenBefore.sum).toBeCloseTo(10 * -0.02 - aloneFee * 10_000, 9);
    // BNB's wheel and kickboxing on Blue both keep the house 2 %; the fee is split between the two bets.
    const bnb = await marginOnceCounted("BNB", bnbBefore.count + 2);
    expect(bnb.count).toBe(bnbBefore.count + 2);
    expect(bnb.sum - bnbBefore.sum).toBeCloseTo(0.01 * 0.02 + 0.02 * 0.02 - sharedFee, 12);
  });

  it("leaves wallet bets alone: the wallet pays their gas, and a 1 DEGEN bet from it is placed and settled as ever", async () => {
    const seat = seats[0]!;
    // The seat's session took its whole vault into its lane: the wallet bet pays from a new deposit.
    await depositDegen(server, seat.player, parseEther("1"));
    const wallet = await placeBet(server, seat.client, seat.player, { token: "DEGEN", amount: parseEther("1"), gameType: GameType.SLOTS });
    const settled = async () => (await seat.client.get(`/api/fairness/bets/${wallet.betId}`)).body.status;
    for (const deadline = Date.now() + 10_000; (await settled()) !== "settled" && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
    expect(await settled()).toBe("settled");
  });
});
