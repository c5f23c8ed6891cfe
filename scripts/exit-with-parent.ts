import { spawn, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import path from "node:path";

const WATCHDOG = path.join(__dirname, "exit-with-parent.cjs");

/**
 * Kills a detached child's process group (a hardhat node, a server, the app's server) when this
 * process dies, however it dies: a killed test run otherwise leaves its nodes running. A watchdog
 * process reads a pipe from this one, and its end is the signal (exit-with-parent.cjs). It holds
 * nothing open here, and goes when the child does.
 */
export function exitWithParent(child: ChildProcess): void {
  const watchdog = spawn(process.execPath, [WATCHDOG, String(child.pid)], { stdio: ["pipe", "ignore", "ignore"], detached: true });
  watchdog.unref();
  (watchdog.stdin as Socket).unref();
  child.once("exit", () => watchdog.kill());
}
