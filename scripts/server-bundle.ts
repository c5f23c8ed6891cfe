import { renameSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";

const ROOT = path.resolve(__dirname, "..");

/**
 * server/src/main.ts as one ES module of the repository's own code (server, engine, bindings,
 * typechain-types); its npm packages stay imports from node_modules. It sits two folders below
 * the root as main.ts does, so REPO_ROOT (server/src/config.ts) is the same.
 */
export const SERVER_BUNDLE = path.join(ROOT, "server", "dist", "main.mjs");

/**
 * Builds SERVER_BUNDLE, in about 0.5 s. The stack and the server tests start a server some 30
 * times a run: under tsx each start resolved and transpiled the server's files through tsx's
 * loader, 4.8 s and 5.1 CPU-seconds (11.9 s on a loaded 2-core machine), where the bundle starts in
 * 2.1 s and 1.9 CPU-seconds (3.9 s). Written under a name of this process's own and renamed, so
 * that two test runs building at once never start a half-written file.
 */
export function buildServer(): void {
  const partial = `${SERVER_BUNDLE}.${process.pid}.partial`;
  buildSync({
    entryPoints: [path.join(ROOT, "server", "src", "main.ts")],
    outfile: partial,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    logLevel: "warning",
  });
  renameSync(partial, SERVER_BUNDLE);
}

/** The command that runs the last SERVER_BUNDLE built, its errors' stacks naming the source files. */
export const SERVER_COMMAND: [string, string[]] = [process.execPath, ["--enable-source-maps", SERVER_BUNDLE]];
