import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readConfig, type ServerConfig } from "../../src/config";
import { buildServices, type Services } from "../../src/server";
import type { TestChain } from "./chain";
import { freshChain } from "./fresh-chain";
import { listen } from "./http";
import { seedPgliteState } from "./pglite-template";

export const APP_ORIGIN = "http://127.0.0.1:5173";
export const SIWE_DOMAIN = "127.0.0.1:5173";
export const CHAIN_ID = 31337;

export function tempDir(): { dir: string; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "degen-server-test-"));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestServer {
  url: string;
  chain: TestChain;
  services: Services;
  config: ServerConfig;
  /** Stops the HTTP server and the services, keeping the chain and the database folder. */
  stopServer(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real Hardhat node (the project's, rewound: fresh-chain.ts), the contracts, a fresh PGlite folder (from the project's cluster: pglite-template.ts) and the real server in process.
 * `serverRpcUrl` gives the URL the server reaches the node at (a proxy in front of it); the test's
 * own chain helpers always talk to the node directly.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { settler?: boolean; serverRpcUrl?: (chain: TestChain) => Promise<string> } = {},
): Promise<TestServer> {
  const temp = tempDir();
  const chain = await freshChain(temp.dir).catch((error: Error) => {
    temp.dispose();
    throw error;
  });
  const server = await startServerOn(chain, { DATA_DIR: path.join(temp.dir, "db"), ...env }, options).catch(async (error: Error) => {
    await chain.stop();
    temp.dispose();
    throw error;
  });
  return {
    ...server,
    async close() {
      await server.stopServer();
      await chain.stop();
      temp.dispose();
    },
  };
}

/** The real server in process over a chain the caller owns: close() stops the server only. */
export async function startServerOn(
  chain: TestChain,
  env: Record<string, string>,
  options: { settler?: boolean; serverRpcUrl?: (chain: TestChain) => Promise<string> } = {},
): Promise<TestServer> {
  if (env.DATA_DIR && !env.DATABASE_URL) await seedPgliteState(env.DATA_DIR, chain);
  const config = readConfig({
    RPC_URL: options.serverRpcUrl ? await options.serverRpcUrl(chain) : chain.rpcUrl,
    APP_ORIGIN,
    DEPLOYMENT_FILE: chain.deploymentFile,
    SETTLER_POLL_MS: "100",
    // Quiet unless asked for (LOG_LEVEL=info npx vitest …): the tests read the database, not the logs.
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...env,
  });
  const services = await buildServices(config, {
    rateLimits: { perIpPerMinute: 1_000_000, perAddressPerMinute: 1_000_000, authPerIpPerMinute: 1_000_000 },
  });
  if (options.settler !== false) services.settler.start();
  const http = await listen(services.app);
  let stopped = false;
  const stopServer = async () => {
    if (stopped) return;
    stopped = true;
    await http.close();
    await services.close();
  };
  return { url: http.url, chain, services, config, stopServer, close: stopServer };
}
