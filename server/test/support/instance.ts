import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../../src/config";
import { exitWithParent } from "../../../scripts/exit-with-parent";
import { SERVER_COMMAND } from "../../../scripts/server-bundle";
import { APP_ORIGIN } from "./app";
import type { TestChain } from "./chain";
import { MASTER_SECRET } from "./play";

/** A server process's settings on a shared PostgreSQL over a test chain (`dir` a scratch folder): what the cluster tests give each instance. */
export function onPostgres(postgres: { url: string }, chain: Pick<TestChain, "rpcUrl" | "deploymentFile">, dir: string): Record<string, string> {
  return {
    DATABASE_URL: postgres.url,
    RPC_URL: chain.rpcUrl,
    DEPLOYMENT_FILE: chain.deploymentFile,
    APP_ORIGIN,
    DATA_DIR: path.join(dir, "unused"),
    MASTER_SECRET,
    SETTLER_POLL_MS: "100",
  };
}

/** A server process (server/src/main.ts, bundled by the project's setup: SERVER_COMMAND), as an operator runs it: killable with kill -9. */
export interface Instance {
  name: string;
  url: string;
  /** Everything the process wrote (JSON log lines), across its restarts. */
  readonly output: string;
  /** Starts the process (again) and waits until it answers. */
  start(): Promise<void>;
  kill9(): Promise<void>;
  /** SIGTERM: the graceful stop, which gives the settler lease up. */
  stop(): Promise<void>;
}

/** `nodeFlags`: flags for the process's node, before the bundle (a bench's --cpu-prof). */
export function serverInstance(name: string, port: number, env: Record<string, string>, nodeFlags: string[] = []): Instance {
  let child: ChildProcess | undefined;
  let output = "";
  const url = `http://127.0.0.1:${port}`;
  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const signal = async (name: NodeJS.Signals) => {
    if (!alive()) return;
    const exited = new Promise((r) => child!.once("exit", r));
    process.kill(-child!.pid!, name);
    await exited;
  };
  return {
    name,
    url,
    get output() {
      return output;
    },
    async start() {
      child = spawn(SERVER_COMMAND[0], [...nodeFlags, ...SERVER_COMMAND[1]], {
        cwd: REPO_ROOT,
        // ENV_FILE empty: a developer's .env (scripts/env-file.ts) must not reach the test's instances.
        env: { ...process.env, ENV_FILE: "", HOST: "127.0.0.1", PORT: String(port), ...env },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      exitWithParent(child);
      child.stdout!.on("data", (chunk) => (output += chunk));
      child.stderr!.on("data", (chunk) => (output += chunk));
      for (const deadline = Date.now() + 90_000; ;) {
        if (!alive()) throw new Error(`${name} exited: ${output.slice(-3000)}`);
        // Answering is enough: the health check may report degraded (503) while the instance catches up.
        if (
          await fetch(`${url}/api/health`).then(
            (r) => r.status === 200 || r.status === 503,
            () => false,
          )
        )
          return;
        if (Date.now() > deadline) throw new Error(`${name} not ready: ${output.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    kill9: () => signal("SIGKILL"),
    stop: () => signal("SIGTERM"),
  };
}

/** A metric's value in a server's /metrics (undefined when it does not answer, or has no such line). */
export async function metricOf(server: Pick<Instance, "url">, name: string): Promise<number | undefined> {
  const text = await fetch(`${server.url}/metrics`).then(
    (r) => r.text(),
    () => undefined,
  );
  const match = text === undefined ? null : new RegExp(`^${name} (\\S+)$`, "m").exec(text);
  return match ? Number(match[1]) : undefined;
}
