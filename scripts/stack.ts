/**
 * The whole local stack as child processes: hardhat node → deploy → server → frontend.
 * Used by `npm start` (scripts/dev.ts, Vite dev server), by the browser tests (Vite preview
 * of the production build) and by the BSC Testnet rehearsal (scripts/rehearsal.ts: a chain 97
 * node, the real network's deploy, the server serving the built app itself). The server runs as
 * scripts/server-bundle.ts builds it. Every child runs in its own process group so stopping the
 * stack also stops whatever a child spawned (esbuild, ...): no orphan survives a Ctrl-C.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { exitWithParent } from "./exit-with-parent";
import { buildServer, SERVER_COMMAND } from "./server-bundle";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "node_modules", ".bin");

export interface StackPorts {
  chain: number;
  server: number;
  /** Vite's port; unused when the server serves the app. */
  frontend?: number;
}

/** How the chain is run and the contracts deployed; the local dev chain (LOCAL_CHAIN) unless given. */
export interface ChainSetup {
  /** Environment of `hardhat node` (hardhat.config.ts: NODE_CHAIN_ID, NODE_BLOCK_TIME_MS). */
  nodeEnv: Record<string, string>;
  /** The Hardhat network scripts/deploy.ts runs on, and its environment. */
  deploy(rpcUrl: string): { network: string; env: Record<string, string> };
  /** Runs after the deployment, before the server starts. */
  afterDeploy?(rpcUrl: string): Promise<void>;
}

export const LOCAL_CHAIN: ChainSetup = {
  nodeEnv: {},
  deploy: (rpcUrl) => ({ network: "localhost", env: { LOCAL_RPC_URL: rpcUrl } }),
};

export interface StackOptions {
  ports: StackPorts;
  chain?: ChainSetup;
  /**
   * "dev" runs Vite's dev server; "preview" serves a production build (frontend/dist unless
   * previewDir) with Vite proxying /api; "served": the server serves the build in appDir itself
   * (npm run serve), on one origin.
   */
  frontend: "dev" | "preview" | "served";
  previewDir?: string;
  appDir?: string;
  /** Where child output goes: "inherit" prefixes it on this terminal, otherwise a folder for log files. */
  logs: "inherit" | string;
  /** Extra environment for the server (database folder, secrets, ...). */
  serverEnv?: Record<string, string>;
}

export interface Stack {
  appUrl: string;
  apiUrl: string;
  rpcUrl: string;
  /**
   * Stops the server and starts it again on the same port, with `serverEnv` over the stack's own
   * (e.g. another SETTLER mode); chain, deployment and frontend stay up.
   */
  restartServer(serverEnv?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {}

/**
 * One Ctrl-C (or SIGTERM) stops everything `stop` stops, then the process. Returns the same
 * shutdown, for a start that failed (exit code 1).
 */
export function stopOnSignals(what: string, stop: () => Promise<void>): (code: number) => Promise<void> {
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nStopping ${what}…`);
    await stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  return shutdown;
}

const HOST = "127.0.0.1";

export async function assertPortFree(port: number, role: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE" ? new PortInUseError(`Port ${port} (${role}) is already in use. Stop whatever is listening on it and try again.`) : error,
      );
    });
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

/**
 * How long a child that is still running may take to answer: a hang detector, not a speed target.
 * On a 2-core machine running the contract and unit tests beside the browser tests (load average
 * 14), a server's start took more than 60 s (issue #36); the callers' own hooks allow 120-300 s.
 */
const READY_LIMIT_MS = 240_000;

async function waitFor(what: string, check: () => Promise<boolean>, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited before it was ready (see its output above)`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} was not ready after ${READY_LIMIT_MS / 1000} s`);
}

const httpOk = (url: string, init?: RequestInit) => async () => (await fetch(url, init)).ok;

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports } = options;
  const chainSetup = options.chain ?? LOCAL_CHAIN;
  const served = options.frontend === "served";
  if (served && !options.appDir) throw new Error("a served stack needs appDir (the built app)");
  if (!served && ports.frontend === undefined) throw new Error(`a ${options.frontend} stack needs a frontend port`);
  await assertPortFree(ports.chain, "hardhat node");
  await assertPortFree(ports.server, "server");
  if (!served) await assertPortFree(ports.frontend!, "frontend");

  const rpcUrl = `http://${HOST}:${ports.chain}`;
  const apiUrl = `http://${HOST}:${ports.server}`;
  const appUrl = served ? apiUrl : `http://${HOST}:${ports.frontend}`;
  const children: ChildProcess[] = [];
  /** Children stopped on purpose while the stack runs on (a restarted server). */
  const retired = new Set<ChildProcess>();
  const started = new Set<string>();
  let stopping = false;

  const run = (name: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess => {
    const child = spawn(path.isAbsolute(command) ? command : path.join(BIN, command), args, {
      cwd: ROOT,
      // ENV_FILE empty: an operator's BSC Testnet .env must not reach a local stack (scripts/env-file.ts).
      env: { ...process.env, ENV_FILE: "", ...env, FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    exitWithParent(child);
    // A restarted child's output goes after its predecessor's, in the same log.
    pipeOutput(name, child, options.logs, started.has(name));
    started.add(name);
    children.push(child);
    child.on("exit", (code, signal) => {
      if (!stopping && name !== "deploy" && !retired.has(child)) {
        console.error(`[stack] ${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the stack.`);
        void stop().then(() => process.exit(1));
      }
    });
    return child;
  };

  const startServer = async (serverEnv: Record<string, string> = {}): Promise<ChildProcess> => {
    const child = run("server", ...SERVER_COMMAND, {
      // Every browser of a local stack signs in from 127.0.0.1: the per-IP limit on sign-in that
      // guards a public server (20 a minute) would refuse a test run's many wallets, and the
      // live feed's 10 streams per IP its many pages.
      RATE_LIMIT_AUTH_PER_MINUTE: "6000",
      LIVE_FEED_STREAMS_PER_IP: "1000",
      ...serverEnv,
      HOST,
      PORT: String(ports.server),
      RPC_URL: rpcUrl,
      APP_ORIGIN: appUrl,
      ...(served ? { APP_DIR: options.appDir! } : {}),
    });
    await waitFor("server", httpOk(`${apiUrl}/api/health`), child);
    return child;
  };
  let server: ChildProcess | undefined;

  const restartServer = async (serverEnv: Record<string, string> = {}): Promise<void> => {
    if (!server || stopping) throw new Error("the stack is not running");
    retired.add(server);
    await stopChild(server);
    server = await startServer({ ...options.serverEnv, ...serverEnv });
  };

  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await Promise.all(children.map(stopChild));
  };

  try {
    buildServer();
    const chain = run("chain", "hardhat", ["node", "--hostname", HOST, "--port", String(ports.chain)], chainSetup.nodeEnv);
    const rpcReady = httpOk(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    await waitFor("hardhat node", rpcReady, chain);

    const deployment = chainSetup.deploy(rpcUrl);
    const deploy = run("deploy", "hardhat", ["run", "scripts/deploy.ts", "--network", deployment.network], deployment.env);
    const deployCode = await new Promise<number | null>((resolve) => deploy.on("exit", resolve));
    if (deployCode !== 0) throw new Error(`deploy failed with code ${deployCode} (see its output above)`);
    await chainSetup.afterDeploy?.(rpcUrl);

    server = await startServer(options.serverEnv);
    if (served) return { appUrl, apiUrl, rpcUrl, restartServer, stop };

    const viteArgs =
      options.frontend === "dev"
        ? ["--config", "frontend/vite.config.ts", "--port", String(ports.frontend), "--strictPort"]
        : [
            "preview",
            "--config",
            "frontend/vite.config.ts",
            "--port",
            String(ports.frontend),
            "--strictPort",
            ...(options.previewDir ? ["--outDir", options.previewDir] : []),
          ];
    const frontend = run("frontend", "vite", viteArgs, { API_URL: apiUrl });
    await waitFor("frontend", httpOk(appUrl), frontend);
  } catch (error) {
    await stop();
    throw error;
  }

  return { appUrl, apiUrl, rpcUrl, restartServer, stop };
}

function pipeOutput(name: string, child: ChildProcess, logs: StackOptions["logs"], append: boolean): void {
  if (logs === "inherit") {
    // The node logs every RPC call; keep the terminal for the parts a developer reads.
    if (name === "chain") {
      child.stdout?.resume();
      child.stderr?.pipe(process.stderr);
      return;
    }
    const prefix = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let carry = "";
      stream?.on("data", (chunk: Buffer) => {
        const lines = (carry + chunk.toString()).split("\n");
        carry = lines.pop() ?? "";
        for (const line of lines) if (line.trim()) process.stdout.write(prefix + line + "\n");
      });
    }
    return;
  }
  mkdirSync(logs, { recursive: true });
  const file = createWriteStream(path.join(logs, `${name}.log`), { flags: append ? "a" : "w" });
  child.stdout?.pipe(file);
  child.stderr?.pipe(file);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup("SIGTERM");
  const timer = setTimeout(() => signalGroup("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
  signalGroup("SIGKILL"); // anything the child left behind in its group
}
