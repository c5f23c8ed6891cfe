// The lobby's first JS: every script index.html loads or preloads, gzipped, as a player on a slow
// phone downloads it before the lobby is interactive (issue #40 item 3 keeps it at most 120 kB).
// Builds the app into a temp folder and prints each file and the sum; asserts nothing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(__dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "degen-lobby-js-"));
try {
  execFileSync(
    path.join(ROOT, "node_modules/.bin/vite"),
    ["build", "--config", "frontend/vite.config.ts", "--outDir", dir, "--emptyOutDir", "--logLevel", "warn"],
    {
      cwd: ROOT,
      stdio: "inherit",
    },
  );
  const html = readFileSync(path.join(dir, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map(
    (match) => match[1] ?? match[2],
  );
  let total = 0;
  console.log("the lobby's first JS (index.html's scripts and modulepreloads), gzip level 9:");
  for (const script of scripts) {
    const gzip = gzipSync(readFileSync(path.join(dir, script)), { level: 9 }).length;
    total += gzip;
    console.log(`  ${script.padEnd(44)} ${gzip.toLocaleString("en-US").padStart(9)} bytes`);
  }
  console.log(`  ${`${scripts.length} scripts`.padEnd(44)} ${total.toLocaleString("en-US").padStart(9)} bytes (target ≤ 120,000)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
