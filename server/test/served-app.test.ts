// The built app on the server's own origin (npm run build && npm run serve): the app's files, the
// SPA fallback for client routes, the cache headers, and the API untouched beside them.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig, REPO_ROOT } from "../src/config";
import { APP_ORIGIN, startTestServer, tempDir, type TestServer } from "./support/app";
import { Client } from "./support/http";

let server: TestServer;
let temp: ReturnType<typeof tempDir>;
let appDir: string;
let client: Client;

beforeAll(async () => {
  temp = tempDir();
  appDir = path.join(temp.dir, "dist");
  execFileSync(
    path.join(REPO_ROOT, "node_modules/.bin/vite"),
    ["build", "--config", "frontend/vite.config.ts", "--outDir", appDir, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: REPO_ROOT, stdio: "inherit" },
  );
  server = await startTestServer({ APP_DIR: appDir }, { settler: false });
  client = new Client(server.url, APP_ORIGIN);
});
afterAll(async () => {
  await server?.close();
  temp?.dispose();
});

const indexHtml = () => readFileSync(path.join(appDir, "index.html"), "utf8");

describe("the built app on the server's origin", () => {
  it("answers index.html at / and at client routes, revalidated on every use", async () => {
    for (const route of ["/", "/fairness", "/roulette", "/games/anything/deeper?x=1"]) {
      const answer = await client.get(route);
      expect(answer.status, route).toBe(200);
      expect(answer.headers.get("content-type"), route).toMatch(/^text\/html/);
      expect(answer.headers.get("cache-control"), route).toBe("no-cache");
      expect(answer.body, route).toBe(indexHtml());
    }
  });

  it("serves the hashed assets index.html loads as immutable, other files revalidated", async () => {
    const assets = [...indexHtml().matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    for (const asset of assets) {
      const answer = await client.get(asset);
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get("cache-control"), asset).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("content-type"), asset).toMatch(asset.endsWith(".js") ? /javascript/ : /^text\/css/);
      expect(answer.body, asset).toBe(readFileSync(path.join(appDir, asset), "utf8"));
    }
    const favicon = await client.get("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers.get("cache-control")).toBe("no-cache");
  });

  it("leaves the API alone: JSON health, JSON 404 for an unknown /api path, metrics as Prometheus text", async () => {
    const health = await client.get("/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("content-type")).toMatch(/^application\/json/);
    expect(health.body).toMatchObject({ ok: true, chainId: 31337 });
    for (const unknown of ["/api/x", "/api", "/API/nothing/here", "/metrics/x"]) {
      const answer = await client.get(unknown);
      expect(answer.status, unknown).toBe(404);
      expect(answer.headers.get("content-type"), unknown).toMatch(/^application\/json/);
      expect(answer.body, unknown).toEqual({ error: "Not found" });
    }
    const metrics = await client.get("/metrics");
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(metrics.body).toContain("degen_http_request_duration_seconds");
  });

  it("answers a missing file with a 404, never with the app", async () => {
    for (const missing of ["/assets/index-00000000.js", "/robots.txt"]) {
      const answer = await client.get(missing);
      expect(answer.status, missing).toBe(404);
      expect(answer.body, missing).toEqual({ error: "Not found" });
    }
    const post = await client.post("/fairness");
    expect(post.status).toBe(404);
  });
});

describe("APP_DIR", () => {
  it("makes the server its own origin by default, and refuses a folder without a build", () => {
    expect(readConfig({ APP_DIR: appDir, PORT: "4123" }).appOrigin).toBe("http://127.0.0.1:4123");
    expect(readConfig({ APP_DIR: appDir, APP_ORIGIN: "https://casino.example" }).appOrigin).toBe("https://casino.example");
    expect(readConfig({}).appOrigin).toBe("http://127.0.0.1:5173");
    expect(() => readConfig({ APP_DIR: appDir, HOST: "0.0.0.0" })).toThrow("APP_ORIGIN is required with APP_DIR when HOST is 0.0.0.0");
    const empty = path.join(temp.dir, "empty");
    mkdirSync(empty);
    expect(() => readConfig({ APP_DIR: empty })).toThrow(`APP_DIR ${empty} has no index.html: build the app first (npm run build)`);
  });
});
