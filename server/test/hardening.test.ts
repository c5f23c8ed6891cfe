// Issue #19, findings R2-10 and R2-11: sign-in and sessions (the SIWE URI, a tight limit on /api/auth,
// expired rows pruned), cross-origin changes refused on every lane, /metrics behind a token, and
// the proxies whose X-Forwarded-For names the caller.
import path from "node:path";
import { Wallet } from "ethers";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { readConfig } from "../src/config";
import { rowsOf } from "../src/db/index";
import { sessions, siweNonces } from "../src/db/schema";
import { APP_ORIGIN, CHAIN_ID, SIWE_DOMAIN, startServerOn, tempDir, type TestServer } from "./support/app";
import { type TestChain } from "./support/chain";
import { freshChain } from "./support/fresh-chain";
import { Client, listen, signInMessage } from "./support/http";

const METRICS_TOKEN = "metrics-token-0123456789";
const REFUSED = { error: `Cross-origin request refused: only pages of ${APP_ORIGIN} may send it` };

let temp: ReturnType<typeof tempDir>;
let chain: TestChain;
let server: TestServer;
const dataDir = () => path.join(temp.dir, "db");

beforeAll(async () => {
  temp = tempDir();
  chain = await freshChain(temp.dir);
  server = await startServerOn(chain, { DATA_DIR: dataDir(), METRICS_TOKEN, TRUST_PROXY: "none" }, { settler: false });
});
afterAll(async () => {
  await server?.close();
  await chain?.stop();
  temp?.dispose();
});

/** Another app over the same services (the same settings), answering on a port of its own. */
async function withApp(overrides: Partial<Parameters<typeof createApp>[0]>, check: (client: Client) => Promise<void>): Promise<void> {
  const http = await listen(createApp({ ...server.services.appDeps, ...overrides }));
  try {
    await check(new Client(http.url));
  } finally {
    await http.close();
  }
}

describe("sign-in", () => {
  it("refuses a message signed for another URI than APP_ORIGIN", async () => {
    const client = new Client(server.url);
    const alice = Wallet.createRandom();
    const elsewhere = await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID, { uri: "https://evil.example" });
    expect(await client.post("/api/auth/verify", { message: elsewhere.message, signature: elsewhere.signature })).toMatchObject({
      status: 401,
      body: { error: `Sign-in message is for URI https://evil.example, expected ${APP_ORIGIN}` },
    });
    const withSlash = await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID, { uri: `${APP_ORIGIN}/` });
    expect((await client.post("/api/auth/verify", { message: withSlash.message, signature: withSlash.signature })).status).toBe(200);
  });

  it("limits /api/auth/* per IP more tightly than the rest of the API", async () => {
    const rateLimits = { perIpPerMinute: 1_000, perAddressPerMinute: 1_000, authPerIpPerMinute: 3 };
    await withApp({ rateLimits }, async (client) => {
      for (let i = 0; i < 3; i++) expect((await client.get("/api/auth/nonce")).status).toBe(200);
      const limited = await client.get("/api/auth/me");
      expect(limited).toMatchObject({ status: 429, body: { error: "Too many requests, slow down" } });
      expect(limited.headers.get("ratelimit-limit")).toBe("3");
      expect((await client.get("/api/config")).status).toBe(200);
    });
  });

  it("prunes expired sessions and sign-in nonces when the server starts and on a timer, keeping live ones", async () => {
    const db = server.services.database.db;
    const address = Wallet.createRandom().address;
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await db.insert(sessions).values([
      { id: "expired-session", address, expiresAt: past },
      { id: "live-session", address, expiresAt: future },
    ]);
    await db.insert(siweNonces).values([
      { nonce: "expiredNonce0001", expiresAt: past },
      { nonce: "liveNonce0000001", expiresAt: future },
    ]);
    await server.stopServer();
    server = await startServerOn(chain, { DATA_DIR: dataDir(), METRICS_TOKEN, TRUST_PROXY: "none" }, { settler: false });

    const left = async () => ({
      sessions: (
        await server.services.database.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(inArray(sessions.id, ["expired-session", "live-session"]))
      ).map((row) => row.id),
      nonces: (
        await server.services.database.db
          .select({ nonce: siweNonces.nonce })
          .from(siweNonces)
          .where(inArray(siweNonces.nonce, ["expiredNonce0001", "liveNonce0000001"]))
      ).map((row) => row.nonce),
    });
    for (let i = 0; i < 50 && (await left()).sessions.length > 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await left()).toEqual({ sessions: ["live-session"], nonces: ["liveNonce0000001"] });
    const indexes = rowsOf<{ indexname: string }>(
      await server.services.database.db.execute("SELECT indexname FROM pg_indexes WHERE tablename IN ('sessions', 'siwe_nonces') ORDER BY indexname"),
    ).map((row) => row.indexname);
    expect(indexes).toEqual(expect.arrayContaining(["sessions_expires_at", "siwe_nonces_expires_at"]));
  });
});

describe("cross-origin changes", () => {
  it("refuses POST, PUT, PATCH and DELETE to /api from another origin with a 403, on Express's routes and the direct game lane alike", async () => {
    const evil = new Client(server.url, "https://evil.example");
    const spin = { token: "DEGEN", betAmount: 1 };
    for (const [method, path, body] of [
      ["POST", "/api/slots/spin", spin],
      ["POST", "/api/blackjack/start", { token: "DEGEN", action: "START", betAmount: 1 }],
      ["POST", "/api/mines/start", { token: "DEGEN", action: "START", betAmount: 1, mines: 3 }],
      ["POST", "/API/slots/spin/", spin],
      ["POST", "/api/auth/logout", {}],
      ["POST", "/api/fairness/commitment", {}],
      ["PUT", "/api/user/register", {}],
      ["PATCH", "/api/user/1", {}],
      ["DELETE", "/api/auth/nonce", undefined],
    ] as const) {
      expect(await evil.call(method, path, body), `${method} ${path}`).toMatchObject({ status: 403, body: REFUSED });
    }
    expect(await new Client(server.url, "null").post("/api/slots/spin", spin)).toMatchObject({ status: 403, body: REFUSED });
  });

  it("lets the app's own origin and callers without an Origin change things, and anyone read", async () => {
    const spin = { token: "DEGEN", betAmount: 1 };
    expect((await new Client(server.url, APP_ORIGIN).post("/api/slots/spin", spin)).status).toBe(200);
    expect((await new Client(server.url).post("/api/slots/spin", spin)).status).toBe(200);
    const read = await new Client(server.url, "https://evil.example").get("/api/config");
    expect(read.status).toBe(200);
    // CORS still keeps the answer from the other origin's page.
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  it("answers 401 without the bearer token or with another, and the metrics with it", async () => {
    const anonymous = await new Client(server.url).get("/metrics");
    expect(anonymous).toMatchObject({ status: 401, body: { error: "Metrics need Authorization: Bearer <METRICS_TOKEN>" } });
    expect(anonymous.headers.get("www-authenticate")).toBe("Bearer");
    const wrong = await new Client(server.url).call("GET", "/metrics", undefined, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const scraped = await new Client(server.url).call("GET", "/metrics", undefined, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.body).toContain("degen_chain_up 1");
  });

  it("refuses a short token at start", () => {
    expect(() => readConfig({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN must be 16 to 200 characters without spaces");
  });
});

describe("GET /metrics without METRICS_TOKEN (issue #38 item 7)", () => {
  it("answers this host only, never a forwarded request, and counts against the per-IP limit", async () => {
    const rateLimits = { perIpPerMinute: 4, perAddressPerMinute: 1_000, authPerIpPerMinute: 1_000 };
    await withApp({ metricsToken: undefined, rateLimits }, async (client) => {
      const local = await client.get("/metrics");
      expect(local.status).toBe(200);
      expect(local.body).toContain("degen_chain_up 1");
      const refused = { status: 403, body: { error: "Metrics are served to this host only: set METRICS_TOKEN to read them from elsewhere" } };
      expect(await client.call("GET", "/metrics", undefined, { headers: { "x-forwarded-for": "203.0.113.7" } })).toMatchObject(refused);
      expect(await client.call("GET", "/metrics", undefined, { headers: { forwarded: "for=203.0.113.7" } })).toMatchObject(refused);
      expect((await client.get("/metrics")).status).toBe(200);
      expect((await client.get("/metrics")).status).toBe(429);
    });
  });
});

describe("TRUST_PROXY", () => {
  const rateLimits = { perIpPerMinute: 2, perAddressPerMinute: 1_000, authPerIpPerMinute: 1_000 };
  const fromProxy = (client: Client, caller: string) => client.call("GET", "/api/config", undefined, { headers: { "x-forwarded-for": caller } });

  it("none: X-Forwarded-For is ignored, so callers behind this loopback 'proxy' share its IP's limit", async () => {
    await withApp({ rateLimits }, async (client) => {
      expect((await fromProxy(client, "203.0.113.1")).status).toBe(200);
      expect((await fromProxy(client, "203.0.113.2")).status).toBe(200);
      expect((await fromProxy(client, "203.0.113.3")).status).toBe(429);
    });
  });

  it("the default, loopback: a proxy on this machine names each caller, who has a limit of its own", async () => {
    const other = await startServerOn(chain, { DATA_DIR: path.join(temp.dir, "db-loopback") }, { settler: false });
    const http = await listen(createApp({ ...other.services.appDeps, rateLimits }));
    try {
      const client = new Client(http.url);
      for (const caller of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.1"]) expect((await fromProxy(client, caller)).status).toBe(200);
      expect((await fromProxy(client, "203.0.113.1")).status).toBe(429);
    } finally {
      await http.close();
      await other.close();
    }
  });

  it("refuses a malformed setting at start, naming it", () => {
    expect(() => readConfig({ TRUST_PROXY: "banana" })).toThrow(
      'TRUST_PROXY must be none, a hop count, or a comma-separated list of addresses, subnets, loopback, linklocal and uniquelocal (invalid IP address: banana), got "banana"',
    );
    for (const good of ["none", "1", "10.0.0.0/8, loopback", "uniquelocal"]) expect(readConfig({ TRUST_PROXY: good }).trustProxy).toBe(good);
  });
});
