/**
 * `npm run bench:lighthouse`: the lobby's Lighthouse scores on Lighthouse's mobile profile (a
 * mid-range phone, slow 4G, simulated), against the production build served by the whole local
 * stack, in Debian's chromium (issue #22: performance and accessibility ≥ 90). Demo mode, as a
 * newcomer first sees it. Prints the four category scores and the page's main timings.
 */
import path from "node:path";
import { execFileSync } from "node:child_process";
import { CHROMIUM_PATH } from "../e2e/support/chromium";
import { startProductionStack } from "./support/production-stack";

const ROOT = path.resolve(__dirname, "..");
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 28000);
const TARGET = 90;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** What this bench reads of Lighthouse's JSON report. */
interface LighthouseResult {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
}

async function main(): Promise<void> {
  const stack = await startProductionStack("lighthouse", PORT_BASE);
  try {
    console.log(`Lighthouse ${RUNS}× on the lobby (${stack.appUrl}/), mobile profile (target: performance and accessibility ≥ ${TARGET}); the median run:`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse's CLI in a process of its own: under tsx, the functions it sends into the page
      // carry esbuild's __name helper, which the page lacks.
      const report = execFileSync(
        path.join(ROOT, "node_modules/.bin/lighthouse"),
        [`${stack.appUrl}/`, "--output=json", "--quiet", "--form-factor=mobile", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
        { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
      );
      runs.push(JSON.parse(report.toString()) as LighthouseResult);
    }
    runs.sort((a, b) => (a.categories.performance!.score ?? 0) - (b.categories.performance!.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "n/a";
    console.log(
      JSON.stringify({
        page: "lobby",
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        performanceRuns: runs.map((run) => Math.round((run.categories.performance!.score ?? 0) * 100)),
        firstContentfulPaint: metric("first-contentful-paint"),
        largestContentfulPaint: metric("largest-contentful-paint"),
        totalBlockingTime: metric("total-blocking-time"),
        cumulativeLayoutShift: metric("cumulative-layout-shift"),
        speedIndex: metric("speed-index"),
        withinTarget: score("performance") >= TARGET && score("accessibility") >= TARGET,
      }),
    );
    const failing = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary");
    for (const audit of failing) console.log(`  not passed: ${audit.id} — ${audit.title}`);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`Lighthouse bench failed: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
