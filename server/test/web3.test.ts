import { formatEther, parseEther, ZeroAddress, type Log } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BET_ACCEPTANCE_WINDOW_SECONDS,
  blackjackActionBytes,
  canSplit,
  crashCashOutBytes,
  crashRound,
  crashTimeToReach,
  GameType,
  JACKPOT,
  jackpotPrizeOf,
  replayBlackjack,
  startBlackjack,
} from "../src/engine";
import type { Casino } from "../../typechain-types";
import { startTestServer, SIWE_DOMAIN, CHAIN_ID, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { Wallet } from "ethers";
import { DEV_KEYS } from "./support/chain";
import { clientSeedFor, depositDegen, MASTER_SECRET, placeBet, signSwap, signWithdraw } from "./support/play";
import { nameActionKey, randomKey, signActionKey, signActions } from "./support/sessions";

let server: TestServer;
let alice: Client;
let bob: Client;
beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET, BLACKJACK_IDLE_MS: "4000" });
  alice = new Client(server.url);
  bob = new Client(server.url);
  await signIn(alice, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await signIn(bob, server.chain.players[1]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, server.chain.players[0]!, parseEther("5000"));
  await depositDegen(server, server.chain.players[1]!, parseEther("5000"));
});
afterAll(async () => server?.close());

const DEGEN = () => server.chain.token.getAddress();

async function settledLog(betId: string): Promise<Log> {
  const casino = server.chain.casino;
  const logs = await casino.queryFilter(casino.filters.BetSettled(betId));
  expect(logs).toHaveLength(1);
  return logs[0]!;
}

async function fairness(client: Client, betId: string) {
  const answer = await client.get(`/api/fairness/bets/${betId}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function waitSettled(client: Client, betId: string) {
  for (let i = 0; i < 100; i++) {
    const bet = await fairness(client, betId);
    if (bet.status === "settled") return bet;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bet ${betId} not settled`);
}

/** A wallet-path hand's action, signed by the key the wallet named for the bet, over the whole log so far. */
async function act(client: Client, key: Wallet, betId: string, sessionId: string, action: "HIT" | "STAND" | "SPLIT", log: string) {
  const signature = await signActions(server.chain, key, betId, blackjackActionBytes(log));
  return client.post(`/api/blackjack/${action.toLowerCase()}`, { token: "DEGEN", action, sessionId, signature });
}

describe("web3 settlement", () => {
  it("posts a commitment before the first bet", async () => {
    const answer = await alice.post("/api/fairness/commitment");
    expect(answer.status).toBe(200);
    expect(answer.body.commitment).toMatch(/^0x[0-9a-f]{64}$/);
    expect(answer.body.commitment).not.toBe("0x" + "0".repeat(64));
    expect(answer.body).toMatchObject({ root: answer.body.commitment, nextNonce: "0", remaining: 1024, chainLength: 1024 });
  });

  it("settles a slots bet in the next block; payout equals engine verify and the vault moves by stake and payout", async () => {
    const player = server.chain.players[0]!;
    const before = await server.chain.casino.getBalance(player.address, await DEGEN());
    const stake = parseEther("10");
    const bet = await placeBet(server, alice, player, { token: "DEGEN", amount: stake, gameType: GameType.SLOTS });
    const spin = await alice.post("/api/slots/spin", { token: "DEGEN", betId: bet.betId });
    expect(spin.status).toBe(200);
    expect(spin.body.reels).toHaveLength(5);
    expect(spin.body.status).toBe("settled");
    const log = await settledLog(bet.betId);
    expect(log.blockNumber - bet.block).toBeGreaterThanOrEqual(1);
    expect(log.blockNumber - bet.block).toBeLessThanOrEqual(2);
    const record = await fairness(alice, bet.betId);
    expect(record.verification).toMatchObject({ ok: true, expectedPayout: record.payout });
    const after = await server.chain.casino.getBalance(player.address, await DEGEN());
    expect(after - before).toBe(-stake + BigInt(record.payout) + BigInt(record.jackpotWin ?? 0));
    expect(parseEther(spin.body.payout)).toBe(BigInt(record.payout));
  });

  it("settles wheel, kickboxing, auto crash and BNB bets, batching, every one verified", async () => {
    const player = server.chain.players[0]!;
    const placed = [];
    // Placed while the previous bet's settlement lands: an estimate taken before it can fall short.
    const gasLimit = 300_000n;
    placed.push(await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("2"), gameType: GameType.WHEEL, params: 0b101n, gasLimit }));
    placed.push(await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("2"), gameType: GameType.KICKBOXING, params: 2n, gasLimit }));
    placed.push(await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("2"), gameType: GameType.CRASH, params: 150n, gasLimit }));
    placed.push(
      await placeBet(server, alice, player, { token: "BNB", amount: parseEther("0.01"), gameType: GameType.WHEEL, params: 1n, fromWallet: true, gasLimit }),
    );
    for (const bet of placed) {
      const record = await waitSettled(alice, bet.betId);
      expect(record.verification.ok, JSON.stringify(record.verification)).toBe(true);
      expect(record.seed).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });

  it("pays the jackpot on a DEGEN bet whose draw hits, records and verifies the draw, never draws for BNB", async () => {
    const player = server.chain.players[1]!;
    // Terms under which a 6,000 DEGEN stake is certain to hit: prize = 0.01 % of a 1M pool, edge 2 % (6,000 × 2 % ≥ 100).
    const owner = server.chain.casino.connect(new Wallet(DEV_KEYS[0], server.chain.provider)) as Casino;
    await (await owner.setJackpotTerms(200, 1)).wait();
    try {
      const pool = await server.chain.casino.jackpotPool();
      const stake = parseEther("6000");
      await depositDegen(server, player, stake);
      const before = await server.chain.casino.getBalance(player.address, await DEGEN());
      const bet = await placeBet(server, bob, player, { token: "DEGEN", amount: stake, gameType: GameType.WHEEL, params: 0b111111111n });
      const record = await waitSettled(bob, bet.betId);
      expect(record.jackpotOdds).toBe(JACKPOT.ODDS_ONE.toString());
      expect(record.jackpotHit).toBe(true);
      // The prize fixed at placement: the pool × share published then, never stake × edge (issue #19, finding R2-3).
      expect(BigInt(record.jackpotWin)).toBe(jackpotPrizeOf(pool, 1));
      expect(BigInt(record.jackpotWin)).toBeLessThan((stake * 200n) / 10_000n);
      expect(record.jackpotEntropy).toBe((await server.chain.provider.getBlock(bet.block))!.hash);
      expect(record.verification).toMatchObject({ ok: true, problems: [] });
      const after = await server.chain.casino.getBalance(player.address, await DEGEN());
      expect(after - before).toBe(-stake + BigInt(record.payout) + BigInt(record.jackpotWin));
      expect(await server.chain.casino.jackpotPool()).toBe(pool - BigInt(record.jackpotWin));

      const bnbBet = await placeBet(server, bob, player, { token: "BNB", amount: parseEther("0.01"), gameType: GameType.WHEEL, params: 1n, fromWallet: true });
      const bnbRecord = await waitSettled(bob, bnbBet.betId);
      expect(bnbRecord.jackpotWin).toBeNull();
      expect(bnbRecord.jackpotOdds).toBe("0");
      const casino = server.chain.casino;
      expect(await casino.queryFilter(casino.filters.JackpotDrawn(bnbBet.betId))).toHaveLength(0);
    } finally {
      // The owner changes the terms once per acceptance window (docs/decisions.md §9).
      await server.chain.provider.send("evm_increaseTime", [BET_ACCEPTANCE_WINDOW_SECONDS + 1]);
      await (await owner.setJackpotTerms(JACKPOT.DEFAULT_EDGE_BPS, JACKPOT.DEFAULT_SHARE_BPS)).wait();
    }
  });
});

describe("web3 blackjack", () => {
  it("plays a split hand: addStake on chain, split, stand both; payout as the engine replays it", async () => {
    const player = server.chain.players[0]!;
    await alice.post("/api/fairness/commitment");
    const clientSeed = await clientSeedFor(server, player.address, (word) => canSplit(startBlackjack(word, 1n, "DEGEN")));
    const stake = parseEther("5");
    const bet = await placeBet(server, alice, player, { token: "DEGEN", amount: stake, gameType: GameType.BLACKJACK, clientSeed });
    const start = await alice.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: bet.betId });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ status: "PLAYING", canSplit: true, dealerScore: "?", betId: bet.betId });
    expect(start.body.dealerHand[1]).toEqual({ hidden: true });
    // No session: the wallet names, once, a key for this hand's actions.
    const bobsKey = randomKey().address;
    const grantedByBob = await bob.post("/api/action-keys", {
      betId: bet.betId,
      key: bobsKey,
      grant: await signActionKey(server.chain, server.chain.players[1]!, bet.betId, bobsKey),
    });
    expect(grantedByBob.status).toBe(403);
    const key = await nameActionKey(server.chain, alice, player, bet.betId);
    const early = await act(alice, key, bet.betId, start.body.sessionId, "SPLIT", "P");
    expect(early).toMatchObject({ status: 409, body: { error: "Add the second stake on chain (addStake) before splitting" } });
    const intruder = await act(bob, key, bet.betId, start.body.sessionId, "HIT", "H");
    expect(intruder.status).toBe(403);
    const stranger = await act(alice, randomKey(), bet.betId, start.body.sessionId, "HIT", "H");
    expect(stranger.status).toBe(403);
    await (await (server.chain.casino.connect(player) as Casino).addStake(bet.betId)).wait();
    const split = await act(alice, key, bet.betId, start.body.sessionId, "SPLIT", "P");
    expect(split.status).toBe(200);
    expect(split.body).toMatchObject({ status: "SPLIT_PLAYING" });
    let answer = split;
    while (!["PLAYER_WIN", "DEALER_WIN", "PUSH"].includes(answer.body.status)) {
      answer = await act(alice, key, bet.betId, start.body.sessionId, "STAND", answer.body.actions + "S");
      expect(answer.status).toBe(200);
    }
    const record = await waitSettled(alice, bet.betId);
    expect(record.split).toBe(true);
    expect(record.verification.ok).toBe(true);
    expect(record.signedActions).toMatchObject({ log: blackjackActionBytes(answer.body.actions), key: key.address });
    expect(record.signedActions.keyGrant).toMatch(/^0x[0-9a-f]{130}$/);
    const word = record.random as string;
    expect(BigInt(record.payout)).toBe(replayBlackjack(word, stake, "DEGEN", record.actions).payout);
    expect(parseEther(answer.body.payout)).toBe(BigInt(record.payout));
  });

  it("locks the jackpot draw of a hand left open 128 blocks, and the hand still draws from its block's hash", async () => {
    const player = server.chain.players[0]!;
    const bet = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("2"), gameType: GameType.BLACKJACK });
    const blockHash = (await server.chain.provider.getBlock(bet.block))!.hash!;
    await server.chain.provider.send("hardhat_mine", ["0x82"]);
    const casino = server.chain.casino;
    let locked: Awaited<ReturnType<typeof casino.queryFilter>> = [];
    for (let i = 0; i < 100 && locked.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      locked = await casino.queryFilter(casino.filters.JackpotEntropyLocked(bet.betId));
    }
    expect(locked).toHaveLength(1);
    expect((locked[0] as { args: { entropy: string } }).args.entropy).toBe(blockHash);
    expect(await casino.lockedEntropy(bet.betId)).toBe(blockHash);
    // The idle hand is stood by the server and settled; its draw is the locked hash of its block.
    const record = await waitSettledWithin(alice, bet.betId, 20_000);
    expect(record.jackpotEntropy).toBe(blockHash);
    expect(record.verification).toMatchObject({ ok: true, problems: [] });
  });

  it("plays a push: the stake comes back", async () => {
    const player = server.chain.players[0]!;
    await alice.post("/api/fairness/commitment");
    const clientSeed = await clientSeedFor(server, player.address, (word) => replayBlackjack(word, 1n, "DEGEN", []).status === "PUSH");
    const stake = parseEther("3");
    const before = await server.chain.casino.getBalance(player.address, await DEGEN());
    const bet = await placeBet(server, alice, player, { token: "DEGEN", amount: stake, gameType: GameType.BLACKJACK, clientSeed });
    const start = await alice.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: bet.betId });
    let status = start.body.status;
    if (status === "PLAYING") {
      const key = await nameActionKey(server.chain, alice, player, bet.betId);
      status = (await act(alice, key, bet.betId, start.body.sessionId, "STAND", "S")).body.status;
    }
    expect(status).toBe("PUSH");
    const record = await waitSettled(alice, bet.betId);
    const after = await server.chain.casino.getBalance(player.address, await DEGEN());
    expect(after - before).toBe(BigInt(record.jackpotWin ?? 0));
  });

  it("refuses another player's bet, another game's bet, a settled bet and an unknown bet", async () => {
    const player = server.chain.players[0]!;
    await alice.post("/api/fairness/commitment");
    const bj = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("1"), gameType: GameType.BLACKJACK });
    expect((await bob.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: bj.betId })).status).toBe(403);
    expect((await bob.get(`/api/fairness/bets/${bj.betId}`)).status).toBe(403);
    expect((await alice.post("/api/blackjack/start", { token: "BNB", action: "START", betId: bj.betId })).status).toBe(400);
    const anonymous = new Client(server.url);
    expect((await anonymous.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: bj.betId })).status).toBe(401);
    const started = await alice.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: bj.betId });
    if (started.body.status === "PLAYING") {
      const key = await nameActionKey(server.chain, alice, player, bj.betId);
      await act(alice, key, bj.betId, started.body.sessionId, "STAND", "S");
    }
    await waitSettled(alice, bj.betId);

    const slots = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("1"), gameType: GameType.SLOTS });
    expect((await alice.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: slots.betId })).status).toBe(400);
    await waitSettled(alice, slots.betId);
    const unknown = (BigInt(player.address) << 64n) | 999_999n;
    expect((await alice.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: unknown.toString() })).status).toBe(404);
  });

  it("auto-stands an idle hand and settles it", async () => {
    const player = server.chain.players[1]!;
    await bob.post("/api/fairness/commitment");
    const clientSeed = await clientSeedFor(server, player.address, (word) => startBlackjack(word, 1n, "DEGEN").status === "PLAYING");
    const bet = await placeBet(server, bob, player, { token: "DEGEN", amount: parseEther("1"), gameType: GameType.BLACKJACK, clientSeed });
    const start = await bob.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: bet.betId });
    expect(start.body.status).toBe("PLAYING");
    const record = await waitSettledWithin(bob, bet.betId, 15_000);
    expect(record.actions).toEqual(["STAND"]);
    expect(record.signedActions).toBeNull();
    expect(record.verification.ok).toBe(true);
    const late = await bob.post("/api/blackjack/hit", { token: "DEGEN", action: "HIT", sessionId: start.body.sessionId });
    expect(late).toMatchObject({ status: 409, body: { error: "The hand is over" } });
  });
});

async function waitSettledWithin(client: Client, betId: string, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const bet = await fairness(client, betId);
    if (bet.status === "settled") return bet;
    if (Date.now() > deadline) throw new Error(`bet ${betId} not settled within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("web3 crash", () => {
  it("cashes out at the multiplier the wallet's hand key signed, by the server clock, and pays stake × multiplier", async () => {
    const player = server.chain.players[0]!;
    await alice.post("/api/fairness/commitment");
    const clientSeed = await clientSeedFor(server, player.address, (word) => crashRound(word, "DEGEN").crashPoint >= 500);
    const stake = parseEther("2");
    const bet = await placeBet(server, alice, player, { token: "DEGEN", amount: stake, gameType: GameType.CRASH, params: 0n, clientSeed });
    const key = await nameActionKey(server.chain, alice, player, bet.betId);
    const cashOut = async (client: Client, multiplier: number) =>
      client.post("/api/crash/cashout", {
        token: "DEGEN",
        betId: bet.betId,
        multiplier,
        signature: await signActions(server.chain, key, bet.betId, crashCashOutBytes(multiplier)),
      });
    expect((await cashOut(bob, 101)).status).toBe(403);
    const round = await alice.get(`/api/crash/${bet.betId}`);
    expect(round.body).toMatchObject({ finished: false, crashPoint: null });
    const reachedAt = Date.parse(round.body.startedAt) + crashTimeToReach(round.body.curve, 1.05) * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, reachedAt - Date.parse(round.body.serverTime)) + 300));
    const cash = await cashOut(alice, 105);
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    expect(cash.body).toMatchObject({ crashed: false, cashOut: 1.05 });
    expect(parseEther(cash.body.payout)).toBe((stake * 105n) / 100n);
    expect((await cashOut(alice, 105)).status).toBe(409);
    const record = await waitSettled(alice, bet.betId);
    expect(record.verification.ok).toBe(true);
    expect(record.payout).toBe(parseEther(cash.body.payout).toString());
  });

  it("ends a round at its crash point when nobody cashes out", async () => {
    const player = server.chain.players[0]!;
    await alice.post("/api/fairness/commitment");
    const clientSeed = await clientSeedFor(server, player.address, (word) => {
      const point = crashRound(word, "DEGEN").crashPoint;
      return point > 100 && point <= 110;
    });
    const bet = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("2"), gameType: GameType.CRASH, params: 0n, clientSeed });
    const record = await waitSettledWithin(alice, bet.betId, 20_000);
    expect(record.payout).toBe("0");
    expect(record.verification.ok).toBe(true);
  });
});

describe("vault relays and balances", () => {
  it("reads balances, withdraws and swaps for the signed-in player only", async () => {
    const player = server.chain.players[1]!;
    const user = await bob.post("/api/user/register", { walletAddress: player.address, username: "bob_web3" });
    expect(user.status).toBe(201);
    const balances = await bob.get(`/api/user/${user.body.id}/balances`);
    expect(balances.status).toBe(200);
    const vault = await server.chain.casino.getBalance(player.address, await DEGEN());
    expect(parseEther(balances.body.DEGEN)).toBe(vault);
    expect(balances.body.BNB).toMatch(/^\d+(\.\d+)?$/);
    expect((await alice.get(`/api/user/${user.body.id}/balances`)).status).toBe(403);

    const degen = await DEGEN();
    const walletBefore = await server.chain.token.balanceOf(player.address);
    const signed = await signWithdraw(server, player, { token: degen, amount: parseEther("5") });
    // The player's signature is the authority: without it, or for another amount, nothing moves.
    expect((await bob.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount: "5" })).status).toBe(400);
    const altered = await bob.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount: "6", ...signed });
    expect(altered).toMatchObject({ status: 400, body: { error: "The signature does not match this request" } });
    const withdraw = await bob.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount: "5", ...signed });
    expect(withdraw.status).toBe(200);
    expect(await server.chain.token.balanceOf(player.address)).toBe(walletBefore + parseEther("5"));
    expect(await server.chain.casino.getBalance(player.address, degen)).toBe(vault - parseEther("5"));
    const replayed = await bob.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount: "5", ...signed });
    expect(replayed).toMatchObject({ status: 400, body: { error: "The signature does not match this request" } });
    expect((await alice.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount: "1", ...signed })).status).toBe(403);
    const expired = await signWithdraw(server, player, { token: degen, amount: parseEther("1"), deadline: Math.floor(Date.now() / 1000) - 60 });
    expect(await bob.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount: "1", ...expired })).toMatchObject({
      status: 400,
      body: { error: "The signature has expired: sign again" },
    });
    const tooMuch = await bob.post("/api/withdraw", {
      walletAddress: player.address,
      token: "BNB",
      amount: "100000",
      ...(await signWithdraw(server, player, { token: ZeroAddress, amount: parseEther("100000") })),
    });
    expect(tooMuch).toMatchObject({ status: 400, body: { error: "Insufficient vault balance" } });
    expect(await server.chain.casino.getBalance(player.address, degen)).toBe(vault - parseEther("5"));

    const bnbBefore = await server.chain.casino.getBalance(player.address, ZeroAddress);
    const swapSigned = await signSwap(server, player, { fromToken: degen, toToken: ZeroAddress, amount: parseEther("100"), minAmountOut: parseEther("0.01") });
    const swap = await bob.post("/api/swap", {
      walletAddress: player.address,
      fromToken: "DEGEN",
      toToken: "BNB",
      amount: 100,
      minAmountOut: "0.01",
      ...swapSigned,
    });
    expect(swap.status).toBe(200);
    expect(swap.body.amountOut).toBe("0.01");
    expect(await server.chain.casino.getBalance(player.address, ZeroAddress)).toBe(bnbBefore + parseEther("0.01"));
    expect(await server.chain.casino.getBalance(player.address, degen)).toBe(vault - parseEther("105"));
    expect(
      (await bob.post("/api/swap", { walletAddress: player.address, fromToken: "BNB", toToken: "BNB", amount: 1, minAmountOut: 0, ...swapSigned })).status,
    ).toBe(400);
    // Above the per-swap cap (1 % of the free BNB bankroll): refused before any gas is spent.
    const huge = await signSwap(server, player, { fromToken: degen, toToken: ZeroAddress, amount: parseEther("4000"), minAmountOut: 0n });
    const capped = await bob.post("/api/swap", { walletAddress: player.address, fromToken: "DEGEN", toToken: "BNB", amount: 4000, minAmountOut: 0, ...huge });
    expect(capped.status).toBe(200);
    const house = await server.chain.casino.house(ZeroAddress);
    const cap = ((house[0] - house[1]) * 100n) / 10_000n;
    const overCap = cap * 10_000n + parseEther("10000");
    await depositDegen(server, player, overCap);
    const tooBig = await signSwap(server, player, { fromToken: degen, toToken: ZeroAddress, amount: overCap, minAmountOut: 0n });
    expect(
      await bob.post("/api/swap", {
        walletAddress: player.address,
        fromToken: "DEGEN",
        toToken: "BNB",
        amount: formatEther(overCap),
        minAmountOut: 0,
        ...tooBig,
      }),
    ).toMatchObject({
      status: 400,
      body: { error: "The swap is above the per-swap cap" },
    });
  });

  it("lists the player's history with revealed seeds and verification", async () => {
    const list = await alice.get("/api/fairness/bets?limit=50");
    expect(list.status).toBe(200);
    expect(list.body.bets.length).toBeGreaterThan(5);
    for (const bet of list.body.bets) {
      if (bet.status === "settled") expect(bet.verification.ok).toBe(true);
      else expect(bet.seed).toBeNull();
    }
  });
});
