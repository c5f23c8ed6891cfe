import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./chain";

const BIN = "/usr/lib/postgresql/15/bin";

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

/** A PostgreSQL 15 cluster in a temp folder on a free port, or the reason there cannot be one. */
export async function startPostgres(): Promise<ThrowawayPostgres | { skip: string }> {
  if (!existsSync(path.join(BIN, "initdb"))) return { skip: `PostgreSQL 15 binaries not found in ${BIN}` };
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the cluster as the postgres user when we are root.
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", [path.join(BIN, command), ...args.map((a) => `'${a}'`)].join(" ")], { stdio: "pipe" })
      : execFileSync(path.join(BIN, command), args, { stdio: "pipe" });
  const dir = mkdtempSync(path.join(tmpdir(), "degen-pg-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = await freePort();
  try {
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-o", `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, "start"]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? (error as Error).message;
    return { skip: `could not start PostgreSQL 15: ${stderr.trim().split("\n").pop()}` };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
