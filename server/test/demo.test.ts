import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayBlackjack, settleSlots } from "../src/engine";
import { startPriceFeed } from "../src/prices";
import { formatAmount } from "../src/tokens";
import { startTestServer, type TestServer } from "./support/app";
import { Client } from "./support/http";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { settler: false });
});
afterAll(async () => server?.close());

const FINAL = ["PLAYER_WIN", "DEALER_WIN", "PUSH", "BLACKJACK"];

describe("demo slots", () => {
  it("spins with SPEC's response fields and a payout the paytable explains", async () => {
    const client = new Client(server.url);
    for (let i = 0; i < 30; i++) {
      const spin = await client.post("/api/slots/spin", { token: "DEGEN", betAmount: 10 });
      expect(spin.status).toBe(200);
      expect(Object.keys(spin.body)).toEqual(expect.arrayContaining(["reels", "payout", "winLines", "isBigWin"]));
      expect(spin.body.reels).toHaveLength(5);
      for (const reel of spin.body.reels) expect(reel).toHaveLength(3);
      const multiple = spin.body.lines.reduce((sum: number, line: { multiple: number }) => sum + line.multiple, 0);
      expect(spin.body.payout).toBe(formatAmount((10n ** 19n * BigInt(multiple) * 10_200n) / 10_000n));
      expect(spin.body.winLines).toHaveLength(spin.body.lines.length);
    }
  });

  it("refuses bets below the minimum and malformed tokens", async () => {
    const client = new Client(server.url);
    expect((await client.post("/api/slots/spin", { token: "DEGEN", betAmount: 0.5 })).status).toBe(400);
    expect((await client.post("/api/slots/spin", { token: "BNB", betAmount: "0.0001" })).status).toBe(400);
    expect((await client.post("/api/slots/spin", { token: "BNB", betAmount: "0.001" })).status).toBe(200);
    expect((await client.post("/api/slots/spin", { token: "ETH", betAmount: 1 })).status).toBe(400);
  });

  it("pays what the engine pays for the same reels", () => {
    const word = "0x" + "ab".repeat(32);
    const { payout, outcome } = settleSlots("BNB", 10n ** 18n, 0n, word);
    expect(payout).toBe((10n ** 18n * BigInt(outcome.totalMultiple) * 9800n) / 10000n);
  });
});

describe("demo blackjack", () => {
  async function start(client: Client) {
    const answer = await client.post("/api/blackjack/start", { token: "DEGEN", action: "START", betAmount: 10 });
    expect(answer.status).toBe(200);
    for (const field of ["sessionId", "playerHand", "dealerHand", "playerScore", "dealerScore", "status", "canSplit", "payout"]) {
      expect(answer.body).toHaveProperty(field);
    }
    return answer.body;
  }

  it("plays hands to the end: hit, stand, dealer hole card hidden while playing", async () => {
    const client = new Client(server.url);
    for (let i = 0; i < 20; i++) {
      const hand = await start(client);
      if (hand.status !== "PLAYING") {
        expect(FINAL).toContain(hand.status);
        continue;
      }
      expect(hand.dealerScore).toBe("?");
      expect(hand.dealerHand[1]).toEqual({ hidden: true });
      let answer = await client.post("/api/blackjack/hit", { token: "DEGEN", action: "HIT", sessionId: hand.sessionId });
      expect(answer.status).toBe(200);
      for (const field of ["playerHand", "playerScore", "status", "splitHand", "splitScore", "activeSplit", "dealerHand", "dealerScore", "payout"]) {
        expect(answer.body).toHaveProperty(field);
      }
      if (answer.body.status === "PLAYING") {
        answer = await client.post("/api/blackjack/stand", { token: "DEGEN", action: "STAND", sessionId: hand.sessionId });
      }
      expect(FINAL).toContain(answer.body.status);
      expect(typeof answer.body.dealerScore).toBe("number");
      const again = await client.post("/api/blackjack/stand", { token: "DEGEN", action: "STAND", sessionId: hand.sessionId });
      expect(again.status).toBe(409);
    }
  });

  it("plays a split hand to the end and a push that returns the stake", async () => {
    const client = new Client(server.url);
    let split = false;
    let push = false;
    for (let i = 0; i < 400 && !(split && push); i++) {
      const hand = await start(client);
      if (hand.status === "PUSH") push = true;
      if (hand.status !== "PLAYING") continue;
      if (hand.canSplit && !split) {
        let answer = await client.post("/api/blackjack/split", { token: "DEGEN", action: "SPLIT", sessionId: hand.sessionId });
        expect(answer.status).toBe(200);
        expect(answer.body.splitHand).toHaveLength(2);
        expect(["SPLIT_PLAYING", ...FINAL]).toContain(answer.body.status);
        const seen = new Set<string>();
        while (!FINAL.includes(answer.body.status)) {
          seen.add(answer.body.activeSplit);
          answer = await client.post("/api/blackjack/stand", { token: "DEGEN", action: "STAND", sessionId: hand.sessionId });
          expect(answer.status).toBe(200);
        }
        expect(typeof answer.body.splitScore).toBe("number");
        split = true;
        continue;
      }
      const answer = await client.post("/api/blackjack/stand", { token: "DEGEN", action: "STAND", sessionId: hand.sessionId });
      if (answer.body.status === "PUSH") {
        expect(answer.body.payout).toBe("10");
        push = true;
      }
    }
    expect(split).toBe(true);
    expect(push).toBe(true);
  });

  it("refuses a split that is not allowed, a wrong token, an unknown session and a wrong action", async () => {
    const client = new Client(server.url);
    let hand = await start(client);
    while (hand.status !== "PLAYING" || hand.canSplit) hand = await start(client);
    expect((await client.post("/api/blackjack/split", { token: "DEGEN", action: "SPLIT", sessionId: hand.sessionId })).status).toBe(409);
    expect((await client.post("/api/blackjack/hit", { token: "BNB", action: "HIT", sessionId: hand.sessionId })).status).toBe(400);
    expect((await client.post("/api/blackjack/hit", { token: "DEGEN", action: "STAND", sessionId: hand.sessionId })).status).toBe(400);
    expect((await client.post("/api/blackjack/hit", { token: "DEGEN", action: "HIT", sessionId: "6f1c0a7e-0000-4000-8000-000000000000" })).status).toBe(404);
  });

  it("replays like the engine: payouts follow SPEC (BJ 2.5x, win 2x, push 1x)", () => {
    const word = "0x" + "01".repeat(32);
    const final = replayBlackjack(word, 10n, "DEGEN", []);
    expect([0n, 10n, 20n, 25n]).toContain(final.payout);
  });

  it("pays a BNB hand's winnings at BNB's 0.98x: a win 1.98x, a blackjack 2.47x, a push the stake", async () => {
    const client = new Client(server.url);
    const paid = new Map<string, string>();
    for (let i = 0; i < 1000 && !["PLAYER_WIN", "BLACKJACK", "PUSH", "DEALER_WIN"].every((status) => paid.has(status)); i++) {
      let hand = (await client.post("/api/blackjack/start", { token: "BNB", action: "START", betAmount: 1 })).body;
      if (hand.status === "PLAYING") hand = (await client.post("/api/blackjack/stand", { token: "BNB", action: "STAND", sessionId: hand.sessionId })).body;
      paid.set(hand.status, hand.payout);
    }
    expect(Object.fromEntries(paid)).toMatchObject({ PLAYER_WIN: "1.98", BLACKJACK: "2.47", PUSH: "1", DEALER_WIN: "0" });
  });
});

describe("prices", () => {
  let upstream: Server;
  let fail = false;
  let bnb = "612.5";
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (fail) {
        res.writeHead(503).end();
        return;
      }
      res.setHeader("content-type", "application/json");
      if (req.url === "/bnb") res.end(JSON.stringify({ symbol: "BNBUSDT", price: bnb }));
      else if (req.url === "/degen") res.end(JSON.stringify({ "degen-token": { usd: 0.0123 } }));
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", () => r()));
  });
  afterAll(() => upstream.close());

  it("reads both upstreams, keeps the last good value on failure and says when it is stale", async () => {
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    let now = Date.now();
    const feed = startPriceFeed({ BNB: `${base}/bnb`, DEGEN: `${base}/degen` }, { refreshMs: 60_000, now: () => now });
    try {
      await feed.refresh();
      expect(feed.snapshot()).toMatchObject({ BNB: 612.5, DEGEN: 0.0123, fresh: true });
      expect(Date.parse(feed.snapshot().lastUpdated!)).toBe(now);
      fail = true;
      now += 61_000;
      await feed.refresh();
      expect(feed.snapshot()).toMatchObject({ BNB: 612.5, DEGEN: 0.0123, fresh: false });
      fail = false;
      bnb = "700";
      await feed.refresh();
      expect(feed.snapshot()).toMatchObject({ BNB: 700, fresh: true });
    } finally {
      feed.stop();
    }
  });

  it("gives each token's quote and age on its own, so one configured feed is shown without the other", async () => {
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    let now = Date.now();
    bnb = "700";
    const feed = startPriceFeed({ BNB: `${base}/bnb` }, { refreshMs: 60_000, now: () => now });
    try {
      await feed.refresh();
      const quotedAt = now;
      now += 12_000;
      expect(feed.snapshot()).toMatchObject({
        fresh: false,
        freshForMs: 60_000,
        quotes: { BNB: { usd: 700, lastUpdated: new Date(quotedAt).toISOString(), ageMs: 12_000 }, DEGEN: null },
      });
    } finally {
      feed.stop();
    }
  });

  it("serves GET /api/prices", async () => {
    const answer = await new Client(server.url).get("/api/prices");
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveProperty("BNB");
    expect(answer.body).toHaveProperty("DEGEN");
    expect(answer.body).toHaveProperty("lastUpdated");
    // The test server has no price URL: no quote, so no screen shows a USD value.
    expect(answer.body).toMatchObject({ quotes: { BNB: null, DEGEN: null }, freshForMs: 60_000 });
  });
});
