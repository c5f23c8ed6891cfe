import { Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client, signIn, signInMessage } from "./support/http";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { settler: false });
});
afterAll(async () => server?.close());

const alice = Wallet.createRandom();
const bob = Wallet.createRandom();

describe("sign-in with Ethereum", () => {
  it("issues single-use nonces", async () => {
    const client = new Client(server.url);
    const a = await client.get("/api/auth/nonce");
    const b = await client.get("/api/auth/nonce");
    expect(a.status).toBe(200);
    expect(a.body.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(a.body.nonce).not.toBe(b.body.nonce);
  });

  it("signs in with an httpOnly SameSite cookie and answers me", async () => {
    const client = new Client(server.url);
    expect((await client.get("/api/auth/me")).status).toBe(401);
    const signed = await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID);
    const answer = await client.call("POST", "/api/auth/verify", { message: signed.message, signature: signed.signature });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ address: alice.address, chainId: CHAIN_ID, user: null });
    const setCookie = answer.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const me = await client.get("/api/auth/me");
    expect(me.body.address).toBe(alice.address);
  });

  it("refuses a replayed message", async () => {
    const client = new Client(server.url);
    const signed = await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID);
    const body = { message: signed.message, signature: signed.signature };
    expect((await client.post("/api/auth/verify", body)).status).toBe(200);
    const replay = await new Client(server.url).post("/api/auth/verify", body);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatch(/nonce/);
  });

  it("refuses a wrong domain, a wrong chain, an expired or stale message, an unknown nonce and a forged signature", async () => {
    const client = new Client(server.url);
    const cases = [
      await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID, { domain: "evil.example:5173" }),
      await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID, { chainId: 1 }),
      await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID, {
        issuedAt: new Date(Date.now() - 120_000).toISOString(),
        expirationTime: new Date(Date.now() - 60_000).toISOString(),
      }),
      await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID, { issuedAt: new Date(Date.now() - 3_600_000).toISOString() }),
      await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID, { nonce: "neverIssuedNonce123" }),
    ];
    for (const signed of cases) {
      const answer = await client.post("/api/auth/verify", { message: signed.message, signature: signed.signature });
      expect(answer.status, signed.message).toBe(401);
      expect(typeof answer.body.error).toBe("string");
    }
    const honest = await signInMessage(client, alice, SIWE_DOMAIN, CHAIN_ID);
    const forged = await bob.signMessage(honest.message);
    expect((await client.post("/api/auth/verify", { message: honest.message, signature: forged })).status).toBe(401);
    // The forged attempt did not burn the nonce: the real signature still works once.
    expect((await client.post("/api/auth/verify", { message: honest.message, signature: honest.signature })).status).toBe(200);
    expect((await client.get("/api/auth/me")).status).toBe(200);
  });

  it("logs out and revokes the session, even for a copied cookie", async () => {
    const client = new Client(server.url);
    await signIn(client, alice, SIWE_DOMAIN, CHAIN_ID);
    const copied = client.cookie;
    expect((await client.post("/api/auth/logout")).body).toEqual({ ok: true });
    expect((await client.get("/api/auth/me")).status).toBe(401);
    const thief = new Client(server.url);
    thief.cookie = copied;
    expect((await thief.get("/api/auth/me")).status).toBe(401);
  });

  it("refuses a cookie once its day is over, though it was accepted before", async () => {
    const client = new Client(server.url);
    await signIn(client, alice, SIWE_DOMAIN, CHAIN_ID);
    expect((await client.get("/api/auth/me")).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 3_600_000 + 1_000 });
    try {
      expect((await client.get("/api/auth/me")).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect((await client.get("/api/auth/me")).status).toBe(200);
  });

  it("refuses a tampered session cookie", async () => {
    const client = new Client(server.url);
    await signIn(client, alice, SIWE_DOMAIN, CHAIN_ID);
    const [name, token] = client.cookie!.split("=") as [string, string];
    const [header, payload, sig] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    claims.sub = bob.address;
    client.cookie = `${name}=${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${sig}`;
    expect((await client.get("/api/auth/me")).status).toBe(401);
  });
});

describe("users", () => {
  it("registers only the signed-in wallet, with username rules and uniqueness", async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.post("/api/user/register", { walletAddress: alice.address, username: "alice" })).status).toBe(401);

    const a = new Client(server.url);
    await signIn(a, alice, SIWE_DOMAIN, CHAIN_ID);
    expect((await a.post("/api/user/register", { walletAddress: bob.address, username: "alice" })).status).toBe(403);
    for (const username of ["ab", "a".repeat(21), "bad name", "émile", "x-y", 42, null]) {
      const answer = await a.post("/api/user/register", { walletAddress: alice.address, username });
      expect(answer.status, String(username)).toBe(400);
    }
    const created = await a.post("/api/user/register", { walletAddress: alice.address.toLowerCase(), username: "Alice_1" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), walletAddress: alice.address, username: "Alice_1" });
    const again = await a.post("/api/user/register", { walletAddress: alice.address, username: "Alice_1" });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect((await a.post("/api/user/register", { walletAddress: alice.address, username: "other" })).status).toBe(409);
    expect((await a.get("/api/auth/me")).body.user.id).toBe(created.body.id);

    const b = new Client(server.url);
    await signIn(b, bob, SIWE_DOMAIN, CHAIN_ID);
    const taken = await b.post("/api/user/register", { walletAddress: bob.address, username: "alice_1" });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("Username is already taken");
    const bobUser = await b.post("/api/user/register", { walletAddress: bob.address, username: "bob" });
    expect(bobUser.status).toBe(201);

    expect((await a.get(`/api/user/${created.body.id}`)).body.username).toBe("Alice_1");
    expect((await a.get(`/api/user/${bobUser.body.id}`)).status).toBe(403);
    expect((await a.get(`/api/user/${bobUser.body.id}/balances`)).status).toBe(403);
    expect((await a.get("/api/user/999999")).status).toBe(404);
    expect((await a.get("/api/user/abc")).status).toBe(400);
    expect((await anonymous.get(`/api/user/${created.body.id}`)).status).toBe(401);
  });
});

describe("hardening", () => {
  it("sends helmet headers, CORS only for the app origin, JSON 404s", async () => {
    const fromApp = await fetch(`${server.url}/api/health`, { headers: { origin: "http://127.0.0.1:5173" } });
    expect(fromApp.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");
    expect(fromApp.headers.get("access-control-allow-credentials")).toBe("true");
    expect(fromApp.headers.get("x-content-type-options")).toBe("nosniff");
    const fromElsewhere = await fetch(`${server.url}/api/health`, { headers: { origin: "https://evil.example" } });
    expect(fromElsewhere.headers.get("access-control-allow-origin")).toBeNull();
    const missing = await new Client(server.url).get("/api/nothing-here");
    expect(missing).toMatchObject({ status: 404, body: { error: "Not found" } });
  });

  it("refuses an oversized body with a JSON 413", async () => {
    const answer = await new Client(server.url).call("POST", "/api/auth/verify", undefined, { rawBody: JSON.stringify({ message: "x".repeat(40_000) }) });
    expect(answer).toMatchObject({ status: 413, body: { error: "Request body too large" } });
  });
});
