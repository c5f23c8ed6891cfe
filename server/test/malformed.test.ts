import { Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn, type Answer } from "./support/http";

let server: TestServer;
let signedIn: Client;
beforeAll(async () => {
  server = await startTestServer({}, { settler: false });
  signedIn = new Client(server.url);
  await signIn(signedIn, Wallet.createRandom(), SIWE_DOMAIN, CHAIN_ID);
});
afterAll(async () => server?.close());

const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  -0.5,
  1e308,
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "9".repeat(120),
  "0.0000000000000000001",
  "",
  " ",
  "abc",
  "0x123",
  "0x" + "g".repeat(40),
  {},
  [],
  [1, 2],
  { $gt: "" },
  "x".repeat(5000),
];

const VALID_ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const ROUTES: { path: string; body: Record<string, unknown> }[] = [
  { path: "/api/auth/verify", body: { message: "hello", signature: "0x" + "11".repeat(65) } },
  { path: "/api/user/register", body: { walletAddress: VALID_ADDRESS, username: "someone" } },
  { path: "/api/withdraw", body: { walletAddress: VALID_ADDRESS, token: "DEGEN", amount: "1" } },
  { path: "/api/swap", body: { walletAddress: VALID_ADDRESS, fromToken: "DEGEN", toToken: "BNB", amount: "1" } },
  { path: "/api/blackjack/start", body: { token: "DEGEN", action: "START", betAmount: 10 } },
  { path: "/api/blackjack/hit", body: { token: "DEGEN", action: "HIT", sessionId: "6f1c0a7e-0000-4000-8000-000000000000" } },
  { path: "/api/blackjack/stand", body: { token: "DEGEN", action: "STAND", sessionId: "6f1c0a7e-0000-4000-8000-000000000000" } },
  { path: "/api/blackjack/split", body: { token: "DEGEN", action: "SPLIT", sessionId: "6f1c0a7e-0000-4000-8000-000000000000" } },
  { path: "/api/mines/start", body: { token: "DEGEN", action: "START", betAmount: 10, mines: 3 } },
  { path: "/api/mines/start", body: { token: "DEGEN", action: "START", betId: "1" } },
  { path: "/api/mines/reveal", body: { token: "DEGEN", roundId: "6f1c0a7e-0000-4000-8000-000000000000", tile: 3 } },
  { path: "/api/mines/cashout", body: { token: "DEGEN", roundId: "6f1c0a7e-0000-4000-8000-000000000000" } },
  { path: "/api/slots/spin", body: { token: "BNB", betAmount: 0.01 } },
  { path: "/api/crash/cashout", body: { token: "DEGEN", betId: "1" } },
];

const BAD_PATHS = [
  "/api/user/-1",
  "/api/user/0",
  "/api/user/1e99",
  "/api/user/abc",
  "/api/user/%00",
  "/api/user/99999999999999999999",
  "/api/user/1.5/balances",
  "/api/user/NaN/balances",
  "/api/fairness/bets/abc",
  "/api/fairness/bets/-5",
  "/api/fairness/bets/0x" + "f".repeat(65),
  "/api/fairness/bets?limit=-1",
  "/api/fairness/bets?limit=abc",
  "/api/fairness/bets?limit=1000000",
  "/api/fairness/bets?beforeNonce=-1",
  "/api/fairness/bets?limit=1&limit=2",
  "/api/crash/xyz",
  "/api/crash/" + "9".repeat(90),
  "/api/%E0%A4%A",
  "/api/auth/nonce/extra",
];

describe("malformed requests", () => {
  it("never answer ≥ 500, always a JSON { error } with a 4xx", async () => {
    const answers: { what: string; answer: Answer }[] = [];
    const record = async (what: string, promise: Promise<Answer>) => answers.push({ what, answer: await promise });
    for (const client of [new Client(server.url), signedIn]) {
      for (const route of ROUTES) {
        for (const field of Object.keys(route.body)) {
          for (const value of BAD_VALUES) {
            await record(`${route.path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, client.post(route.path, { ...route.body, [field]: value }));
          }
          const { [field]: _dropped, ...missing } = route.body;
          await record(`${route.path} without ${field}`, client.post(route.path, missing));
        }
        await record(`${route.path} extra field`, client.post(route.path, { ...route.body, extra: 1 }));
        await record(`${route.path} array body`, client.call("POST", route.path, undefined, { rawBody: "[1,2,3]" }));
        await record(`${route.path} broken JSON`, client.call("POST", route.path, undefined, { rawBody: '{"token": "DEGEN",' }));
        await record(
          `${route.path} text body`,
          client.call("POST", route.path, undefined, { rawBody: "token=DEGEN", headers: { "content-type": "text/plain" } }),
        );
        await record(
          `${route.path} oversized`,
          client.call("POST", route.path, undefined, { rawBody: JSON.stringify({ ...route.body, pad: "x".repeat(100_000) }) }),
        );
        await record(`${route.path} deep`, client.call("POST", route.path, undefined, { rawBody: "[".repeat(5000) + "]".repeat(5000) }));
      }
      for (const path of BAD_PATHS) await record(`GET ${path}`, client.get(path));
    }
    const failures = answers.filter(({ answer }) => answer.status >= 500);
    expect(failures.map((f) => `${f.what} → ${f.answer.status}`)).toEqual([]);
    const bad = answers.filter(({ answer }) => answer.status >= 400);
    for (const { what, answer } of bad) {
      expect(typeof answer.body?.error, what).toBe("string");
      expect(JSON.stringify(answer.body), what).not.toMatch(/at .*\.ts:\d+|node_modules/);
    }
    expect(answers.length).toBeGreaterThanOrEqual(200);
    console.log(`malformed requests sent: ${answers.length}, answered ≥ 500: ${failures.length}, answered 4xx: ${bad.length}`);
  });
});

describe("rate limits", () => {
  it("answers 429 with JSON once a caller exceeds its per-IP limit", async () => {
    const { createApp } = await import("../src/app");
    const { listen } = await import("./support/http");
    const limited = createApp({ ...server.services.appDeps, rateLimits: { perIpPerMinute: 5, perAddressPerMinute: 5, authPerIpPerMinute: 5 } });
    const http = await listen(limited);
    try {
      const client = new Client(http.url);
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await client.get("/api/health")).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const last = await client.get("/api/health");
      expect(last.status).toBe(429);
      expect(last.body.error).toMatch(/Too many requests/);
    } finally {
      await http.close();
    }
  });
});
