import { parseEther, parseUnits, ZeroAddress, ZeroHash } from "ethers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GameType } from "../../src/engine";
import type { Casino } from "../../../typechain-types";
import { startTestServer, type TestServer } from "../support/app";
import { metricOf } from "../support/instance";
import { MASTER_SECRET } from "../support/play";
import { betAs, broadcastSeen, relayStatus, seatPlayers, type Seat } from "../support/relay-seats";
import { sendBet, signBet } from "../support/sessions";

// Issue #37 item 9, on a real node: the gas the house burns on one address's reverted relay
// transactions counts against a daily budget; past it, that address's bets are refused.

/** Below any reverted transaction's gas: the first revert takes the griefer past it. */
const BUDGET = 10_000;

let server: TestServer;
let seats: Seat[];
let terms: bigint;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET, RELAY_REVERT_GAS_PER_ADDRESS_PER_DAY: String(BUDGET) });
  terms = await server.chain.casino.terms();
  seats = await seatPlayers(server, server.chain.players.slice(0, 2));
});
afterAll(async () => server?.close());
afterEach(async () => {
  await server.chain.provider.send("evm_setAutomine", [true]);
});

const revertGas = async (blame: string) => (await metricOf(server, `degen_relay_revert_gas_total\\{blame="${blame}"\\}`)) ?? 0;

describe("the revert gas budget", () => {
  it("counts a griefer's reverted relay transaction against their address, shows the gas in a metric, and refuses their bets past the budget; another player's bets go on", async () => {
    const { provider, casino } = server.chain;
    const [griefer, other] = seats as [Seat, Seat];
    await provider.send("evm_setAutomine", [false]);
    const choice = {
      game: GameType.WHEEL,
      params: 0b111n,
      amount: parseEther("10"),
      nonce: griefer.nonce++,
      expectedCommit: griefer.expectedCommit,
      terms,
    };
    const signed = await signBet(server.chain, griefer.session, choice);
    expect((await sendBet(griefer.client, signed)).status).toBe(202);
    const doomed = signed.betId;
    const { txHash } = await relayStatus(griefer, doomed, "sent");
    await broadcastSeen(server, txHash!);
    // A wallet bet on the same nonce, outbidding the relay (a withdrawal no longer can: the session holds the stake).
    const [, , , root] = await casino.commitmentOf(griefer.player.address);
    const walletStake = parseEther("0.01");
    await (casino.connect(griefer.player) as Casino).playGame(ZeroAddress, walletStake, GameType.WHEEL, 0b11n, ZeroHash, root, terms, {
      value: walletStake,
      maxPriorityFeePerGas: parseUnits("50", "gwei"),
      maxFeePerGas: parseUnits("100", "gwei"),
      gasLimit: 400_000n,
    });
    await provider.send("evm_mine", []);
    // The chain skips the bet (issue #37 item 2): the transaction lands, the bet alone in it.
    const receipt = (await provider.getTransactionReceipt(txHash!))!;
    expect(receipt.status).toBe(1);
    expect(Number(receipt.gasUsed)).toBeGreaterThan(BUDGET);

    // Refused by the relay, with the chain's reason; its gas counted against the griefer.
    let answer = await relayStatus(griefer, doomed);
    for (let i = 0; i < 200 && answer.status !== "refused"; i++) answer = await relayStatus(griefer, doomed);
    expect(answer).toMatchObject({
      status: "refused",
      error: "Skipped on chain: A wallet bet of yours took this bet's nonce while it was on its way: its stake was forfeited",
    });
    const text = `Relay transactions carrying this wallet's bets reverted, costing the house ${Number(receipt.gasUsed).toLocaleString("en-US")} gas in 24 hours (the limit is ${BUDGET.toLocaleString("en-US")}): place your bets from your wallet, or try again later`;
    expect(await revertGas("player")).toBe(Number(receipt.gasUsed));
    expect(await revertGas("unattributed")).toBe(0);

    // The griefer's next bet is refused at once: 409, past the budget.
    await provider.send("evm_setAutomine", [true]);
    const again = await sendBet(griefer.client, await signBet(server.chain, griefer.session, { ...choice, nonce: griefer.nonce++ }));
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.error).toBe(text);

    // Another player's bet is relayed as ever.
    const fine = await betAs(server, other, terms);
    expect((await relayStatus(other, fine, "mined")).status).toBe("mined");
  });
});
