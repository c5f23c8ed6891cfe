// Issue #19, finding R2-8: relayed withdrawals and swaps, whose gas the house pays, move at least the
// token's minimum and count against a daily quota per address; both are published for the app.
import { parseEther, ZeroAddress } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Casino } from "../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { depositDegen, signSwap, signWithdraw } from "./support/play";
import { settlerTransactions } from "./support/settler";

let server: TestServer;
let alice: Client;
beforeAll(async () => {
  server = await startTestServer({ RELAYS_PER_ADDRESS_PER_DAY: "2" });
  alice = new Client(server.url);
  const player = server.chain.players[0]!;
  await signIn(alice, player, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, player, parseEther("100"));
  await (await (server.chain.casino.connect(player) as Casino).deposit(ZeroAddress, parseEther("0.01"), { value: parseEther("0.01") })).wait();
});
afterAll(async () => server?.close());

const degen = () => server.chain.token.getAddress();

async function withdraw(client: Client, index: number, token: "DEGEN" | "BNB", amount: string) {
  const player = server.chain.players[index]!;
  const signed = await signWithdraw(server, player, { token: token === "BNB" ? ZeroAddress : await degen(), amount: parseEther(amount) });
  return client.post("/api/withdraw", { walletAddress: player.address, token, amount, ...signed });
}

async function swapDegen(client: Client, amount: string) {
  const player = server.chain.players[0]!;
  const signed = await signSwap(server, player, { fromToken: await degen(), toToken: ZeroAddress, amount: parseEther(amount), minAmountOut: 0n });
  return client.post("/api/swap", { walletAddress: player.address, fromToken: "DEGEN", toToken: "BNB", amount, minAmountOut: 0, ...signed });
}

describe("relayed withdrawals and swaps", () => {
  it("publishes the minimum per token and the quota per address in GET /api/config", async () => {
    const { relay } = (await new Client(server.url).get("/api/config")).body;
    expect(relay).toEqual({ minAmount: { DEGEN: "1", BNB: "0.001" }, perAddressPerDay: 2 });
  });

  it("refuses an amount below the token's minimum before anything is simulated or sent, and relays the minimum itself", async () => {
    const player = server.chain.players[0]!.address;
    const sent = await settlerTransactions(server.chain);
    const vault = await server.chain.casino.getBalance(player, await degen());

    expect(await withdraw(alice, 0, "DEGEN", "0.000000000000000001")).toMatchObject({
      status: 400,
      body: { error: "The smallest relayed withdrawal is 1 DEGEN: withdraw less from your wallet directly" },
    });
    expect(await withdraw(alice, 0, "BNB", "0.0005")).toMatchObject({
      status: 400,
      body: { error: "The smallest relayed withdrawal is 0.001 BNB: withdraw less from your wallet directly" },
    });
    expect(await swapDegen(alice, "0.5")).toMatchObject({
      status: 400,
      body: { error: "The smallest relayed swap is 1 DEGEN: swap less from your wallet directly" },
    });
    expect(await settlerTransactions(server.chain)).toBe(sent);
    expect(await server.chain.casino.getBalance(player, await degen())).toBe(vault);

    expect((await withdraw(alice, 0, "DEGEN", "1")).status).toBe(200);
    expect(await server.chain.casino.getBalance(player, await degen())).toBe(vault - parseEther("1"));
  });

  it("counts relays against the player's quota for 24 hours, answers what is left, and refuses past it with a 429", async () => {
    expect((await alice.get("/api/relay/quota")).body).toEqual({ perAddressPerDay: 2, used: 1, remaining: 1 });
    expect((await swapDegen(alice, "1")).status).toBe(200);
    expect((await alice.get("/api/relay/quota")).body).toEqual({ perAddressPerDay: 2, used: 2, remaining: 0 });

    const player = server.chain.players[0]!.address;
    const sent = await settlerTransactions(server.chain);
    const vault = await server.chain.casino.getBalance(player, await degen());
    expect(await withdraw(alice, 0, "DEGEN", "1")).toMatchObject({
      status: 429,
      body: {
        error:
          "This wallet has reached its limit of 2 relayed withdrawals and swaps per 24 hours: withdraw or swap from your wallet directly, or try again later",
      },
    });
    expect(await settlerTransactions(server.chain)).toBe(sent);
    expect(await server.chain.casino.getBalance(player, await degen())).toBe(vault);
    expect((await new Client(server.url).get("/api/relay/quota")).status).toBe(401);

    // The quota is the address's own: another player's relay goes through.
    const bob = new Client(server.url);
    await signIn(bob, server.chain.players[1]!, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, server.chain.players[1]!, parseEther("10"));
    expect((await withdraw(bob, 1, "DEGEN", "1")).status).toBe(200);
  });
});
