import express from "express";
import { parseEther } from "ethers";
import { describe, expect, it, vi } from "vitest";
import { HttpError } from "../src/http/errors";
import { observed, routePrefix } from "../src/http/observe";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { pino } from "pino";
import { addSecrets, logger, requestIdOf, scrub, setLogLevel, type LogLevel } from "../src/observability/log";
import { GasSpending } from "../src/observability/gas";
import { Metrics } from "../src/observability/metrics";
import { assessHealth, type StatusSampler, type StatusSnapshot } from "../src/observability/status";
import { listen } from "./support/http";

describe("log lines", () => {
  it("never carry a registered secret, a JWT or a full signature", () => {
    const secret = "0x" + "ab12".repeat(16);
    addSecrets([secret]);
    const signature = "0x" + "cd".repeat(65);
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIweDEyIn0.c2lnbmF0dXJlLXN0dWZm";
    const line = JSON.stringify({ msg: `key ${secret} bare ${secret.slice(2).toUpperCase()} sig ${signature} cookie degen_session=${jwt}` });
    const clean = scrub(line);
    expect(clean).not.toContain(secret.slice(2));
    expect(clean).not.toContain(secret.slice(2).toUpperCase());
    expect(clean).not.toContain(signature);
    expect(clean).toContain("0xcdcdcdcd…(65 bytes)");
    expect(clean).not.toContain(jwt);
    expect(JSON.parse(clean).msg).toContain("[secret]");
  });

  it("never carry a failed statement's parameters, in its error's message, stack or fields, however the error is logged", () => {
    const seed = "0x" + "5eed".repeat(16);
    const query = "insert into session_bets (bet_id, seed) values ($1, $2)";
    const error = new DrizzleQueryError(query, ["7", seed], new Error('value "9223372036854775808" is out of range for type bigint'));
    const lines: string[] = [];
    const log = pino({ hooks: { streamWrite: scrub } }, { write: (line: string) => void lines.push(line) });
    log.error({ err: error }, "POST /api/sessions/bets failed");
    log.error(`Relay pass failed (will retry): ${error.message}`);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(seed.slice(2));
      expect(line).toContain("params: [not logged]");
    }
    const logged = JSON.parse(lines[0]!) as { err: { message: string; params: unknown; stack: string } };
    expect(logged.err.params).toBe("[not logged]");
    expect(logged.err.message).toBe(`Failed query: ${query}\nparams: [not logged]`);
    expect(logged.err.stack).toContain("at ");
    expect(JSON.parse(lines[1]!).msg).toBe(`Relay pass failed (will retry): Failed query: ${query}\nparams: [not logged]`);
  });

  it("keeps transaction hashes and addresses whole", () => {
    const hash = "0x" + "12".repeat(32);
    const address = "0x" + "34".repeat(20);
    expect(scrub(`{"msg":"${hash} ${address}"}`)).toBe(`{"msg":"${hash} ${address}"}`);
  });

  it("take the caller's X-Request-Id when it is a plain token, else a new one", () => {
    expect(requestIdOf("abc-123.x:y_z")).toBe("abc-123.x:y_z");
    for (const bad of [undefined, "", "a b", "x".repeat(65), "line\nbreak", ["a", "b"]]) expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

const SETTLER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const healthy: StatusSnapshot = {
  head: 120,
  cursor: 118,
  lagBlocks: 2,
  unsettled: { open: { count: 1, oldestAgeSeconds: 400 }, ready: { count: 2, oldestAgeSeconds: 3 }, sent: { count: 0, oldestAgeSeconds: undefined } },
  relay: { queued: 3, sent: 20, oldestWaitSeconds: 1.2 },
  leaseHeld: true,
  settlerGas: { address: SETTLER, balance: parseEther("2.5"), spentLastHour: parseEther("0.01") },
};
const limits = { maxLagBlocks: 20, maxBetAgeSeconds: 60, maxRelayWaitSeconds: 10, minSettlerBalanceWei: parseEther("0.05"), minSettlerRunwayHours: 24 };

describe("assessHealth", () => {
  it("is healthy with a small lag, fresh settlements and an open hand however old", () => {
    expect(assessHealth(healthy, limits)).toEqual([]);
  });

  it("names every reason to report degraded", () => {
    expect(assessHealth({ ...healthy, head: undefined, lagBlocks: undefined, chainError: "connect ECONNREFUSED" }, limits)).toEqual([
      "chain unreachable: connect ECONNREFUSED",
    ]);
    expect(assessHealth({ ...healthy, lagBlocks: 21 }, limits)).toEqual(["settler lags 21 blocks behind the chain (limit 20)"]);
    const stuck = { ...healthy.unsettled, sent: { count: 1, oldestAgeSeconds: 61.4 } };
    expect(assessHealth({ ...healthy, unsettled: stuck }, limits)).toEqual(["a bet has waited 61 s for its settlement (limit 60 s)"]);
    expect(assessHealth({ ...healthy, leaseHeld: false }, limits)).toEqual(["no instance holds the settler lease: nothing settles and no transaction is sent"]);
    expect(assessHealth({ ...healthy, databaseError: "timeout" }, limits)).toEqual(["database unreachable: timeout"]);
    expect(assessHealth({ ...healthy, relay: { queued: 40, sent: 0, oldestWaitSeconds: 12.3 } }, limits)).toEqual([
      "a one-click bet has waited 12 s to be relayed (limit 10 s)",
    ]);
  });

  it("reports a settler balance below the floor, or one the last hour's spending would empty within the runway", () => {
    const gas = (balance: string, spentLastHour: string) => ({
      ...healthy,
      settlerGas: { address: SETTLER, balance: parseEther(balance), spentLastHour: parseEther(spentLastHour) },
    });
    expect(assessHealth(gas("0.04", "0"), limits)).toEqual([`the settler's balance is 0.04 BNB, below the limit of 0.05 BNB: top up ${SETTLER}`]);
    expect(assessHealth(gas("1", "0.05"), limits)).toEqual([
      `the settler's balance lasts about 20 h at the last hour's spending of 0.05 BNB (limit 24 h): top up ${SETTLER}`,
    ]);
    expect(assessHealth(gas("1.2", "0.05"), limits)).toEqual([]);
    expect(assessHealth(gas("0.01", "0.02"), limits)).toHaveLength(2);
  });
});

describe("the settler's spending rate", () => {
  it("sums the balance's falls over the last hour, ignoring top-ups", () => {
    const clock = { now: 0 };
    const spending = new GasSpending(() => clock.now);
    spending.record(parseEther("10"));
    expect(spending.lastHour()).toBe(0n);
    clock.now = 60_000;
    spending.record(parseEther("9.9"));
    clock.now = 120_000;
    spending.record(parseEther("20"));
    clock.now = 1_800_000;
    spending.record(parseEther("19.5"));
    expect(spending.lastHour()).toBe(parseEther("0.6"));
    // The first fall leaves the window an hour after it was seen.
    clock.now = 3_660_000;
    expect(spending.lastHour()).toBe(parseEther("0.5"));
    clock.now = 5_400_000;
    expect(spending.lastHour()).toBe(0n);
  });
});

describe("metrics", () => {
  const status = {
    leading: true,
    snapshot: async () => healthy,
    house: async () => ({ tokens: { DEGEN: { bankroll: 1000.5, reserved: 20 }, BNB: { bankroll: 3, reserved: 0.25 } }, jackpotPool: 77 }),
  } as unknown as StatusSampler;

  it("labels latency by route template, method and status class, and answers with request ids", async () => {
    const metrics = new Metrics(status);
    const app = express();
    const users = express.Router();
    users.get("/:id", (req, res) => void res.json({ id: req.params.id }));
    app.use(
      "/api/user",
      routePrefix("/api/user"),
      (req, _res, next) => next(req.headers.authorization ? undefined : new HttpError(401, "Sign in first")),
      users,
    );
    app.post("/api/slots/spin", (_req, res) => void res.json({ lane: "express" }));
    app.use((_req, res) => void res.status(404).json({ error: "Not found" }));
    app.use(((error: HttpError, _req, res, _next) => void res.status(error.status).json({ error: error.message })) as express.ErrorRequestHandler);
    const direct = new Map([["/api/slots/spin", () => undefined]]);
    // The level a server started by an earlier file of this run left (the project's files share modules, vitest.config.mts).
    const levelBefore = logger("http").level as LogLevel;
    setLogLevel("info");
    const logged = vi.spyOn(logger("http"), "info");
    const http = await listen(observed(app, metrics, direct));
    try {
      const ask = (path: string, init: RequestInit = {}) => fetch(http.url + path, init);
      const signedIn = await ask("/api/user/7", { headers: { authorization: "x", "x-request-id": "trace-1" } });
      expect(signedIn.headers.get("x-request-id")).toBe("trace-1");
      const anonymous = await ask("/api/user/7");
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      await ask("/api/slots/spin", { method: "POST" });
      await ask("/api/slots/spin?x=1", { method: "POST" });
      await ask("/no/such/" + Math.random());
      await new Promise((r) => setTimeout(r, 20));

      const text = await metrics.text();
      const count = (labels: string) => Number(new RegExp(`degen_http_request_duration_seconds_count\\{${labels}\\} (\\d+)`).exec(text)?.[1] ?? 0);
      expect(count('route="/api/user/:id",method="GET",status_class="2xx"')).toBe(1);
      expect(count('route="/api/user/\\*",method="GET",status_class="4xx"')).toBe(1);
      expect(count('route="/api/slots/spin",method="POST",status_class="2xx"')).toBe(2);
      expect(count('route="\\(unmatched\\)",method="GET",status_class="4xx"')).toBe(1);
      // A refusal is logged at info with its request id.
      expect(logged.mock.calls.map(([fields]) => fields)).toContainEqual(
        expect.objectContaining({ route: "/api/user/*", status: 401, reqId: anonymous.headers.get("x-request-id") }),
      );
    } finally {
      logged.mockRestore();
      setLogLevel(levelBefore);
      await http.close();
    }
  });

  it("reports the settler, the bets and the house read through the status sampler", async () => {
    const text = await new Metrics(status).text();
    for (const line of [
      "degen_settler_leader 1",
      "degen_settler_lease_held 1",
      "degen_chain_up 1",
      "degen_chain_head_block 120",
      "degen_settler_cursor_block 118",
      "degen_settler_lag_blocks 2",
      'degen_bets_unsettled{status="ready"} 2',
      'degen_bets_oldest_age_seconds{status="open"} 400',
      'degen_bets_oldest_age_seconds{status="sent"} 0',
      'degen_house_bankroll{token="DEGEN"} 1000.5',
      'degen_house_reserved{token="BNB"} 0.25',
      'degen_jackpot_pool{token="DEGEN"} 77',
      "degen_settlements_sent_total 0",
      "degen_settler_gas_balance 2.5",
      "degen_settler_gas_spent_per_hour 0.01",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain("process_cpu_seconds_total");
  });
});
