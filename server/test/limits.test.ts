import express from "express";
import { describe, expect, it } from "vitest";
import { FixedWindowCounter, limiter } from "../src/http/limits";
import { Client, listen } from "./support/http";

describe("fixed-window counter", () => {
  it("counts per key within a window that starts at the key's first request", () => {
    const clock = { now: 0 };
    const counter = new FixedWindowCounter(3, 60_000, () => clock.now);
    expect(counter.hit("a")).toEqual({ hits: 1, resetInMs: 60_000 });
    clock.now = 10_000;
    expect(counter.hit("b")).toEqual({ hits: 1, resetInMs: 60_000 });
    expect(counter.hit("a")).toEqual({ hits: 2, resetInMs: 50_000 });
    clock.now = 59_999;
    expect(counter.hit("a").hits).toBe(3);
    clock.now = 60_000;
    expect(counter.hit("a")).toEqual({ hits: 1, resetInMs: 60_000 });
    expect(counter.hit("b").hits).toBe(2);
  });

  it("forgets keys whose window is over, so many callers cannot grow it for ever", () => {
    const clock = { now: 0 };
    const counter = new FixedWindowCounter(10, 60_000, () => clock.now);
    for (let i = 0; i < 1000; i++) counter.hit(`10.0.${i >> 8}.${i & 255}`);
    expect(counter.size).toBe(1000);
    clock.now = 60_000;
    counter.hit("late");
    expect(counter.size).toBe(1);
  });
});

describe("limiter middleware", () => {
  it("shows the tighter of two limits and answers 429 JSON with Retry-After past it", async () => {
    const app = express();
    app.use(limiter(new FixedWindowCounter(5), () => "ip"));
    app.use(limiter(new FixedWindowCounter(2), () => "wallet"));
    app.get("/x", (_req, res) => void res.json({ ok: true }));
    const http = await listen(app);
    try {
      const client = new Client(http.url);
      const first = await client.get("/x");
      expect(first.status).toBe(200);
      expect(first.headers.get("ratelimit-limit")).toBe("2");
      expect(first.headers.get("ratelimit-remaining")).toBe("1");
      expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(55);
      expect((await client.get("/x")).status).toBe(200);
      const limited = await client.get("/x");
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: "Too many requests, slow down" });
      expect(limited.headers.get("ratelimit-remaining")).toBe("0");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(55);
    } finally {
      await http.close();
    }
  });
});
