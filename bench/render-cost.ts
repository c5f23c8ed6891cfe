/**
 * `npm run bench:render`: what drawing each game costs a browser without a GPU, as CPU seconds
 * of Debian's chromium per second of play, in demo mode on the production build served by the
 * whole local stack. A weak phone draws in software too, and the browser tests spend most of the
 * suite's CPU here: a wheel spin once took 1.5 cores (a blur painted again each frame).
 * A figure, not a test: other work on the machine shares the cores.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchBrowser, openPage, type VIEWPORTS } from "../e2e/support/browser";
import { startProductionStack } from "./support/production-stack";

const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 26000);
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds used so far by this process's chromium descendants (Linux /proc). */
function chromiumCpuSeconds(): number {
  const processes = new Map<number, { parent: number; name: string; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      processes.set(Number(entry), { parent: Number(fields[1]), name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while being read.
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = processes.get(pid); at; at = processes.get(at.parent)) if (at.parent === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { name, ticks: used }] of processes) if (name.includes("chrom") && descends(pid)) ticks += used;
  return ticks / CLOCK_TICKS_PER_SECOND;
}

interface Scene {
  name: string;
  route: string;
  viewport: keyof typeof VIEWPORTS;
  ready(page: Page): Promise<void>;
  play(page: Page): Promise<void>;
}

async function untilEnabled(page: Page, label: string): Promise<void> {
  const enabled = (text: string) => [...document.querySelectorAll("button")].some((b) => b.textContent === text && !b.disabled);
  // A flight ridden to its crash may climb for a minute or more.
  await page.waitForFunction(enabled, label, { timeout: 300_000 });
}

const SCENES: Scene[] = [
  {
    name: "lobby, 10 s idle",
    route: "/",
    viewport: "desktop",
    ready: (page) => page.getByTestId("mode-badge").waitFor(),
    play: (page) => page.waitForTimeout(10_000),
  },
  {
    name: "wheel, 3 spins",
    route: "/roulette",
    viewport: "desktop",
    ready: (page) => page.getByTestId("colour-gold").click(),
    async play(page) {
      for (let spin = 0; spin < 3; spin++) {
        await page.getByTestId("spin-button").click();
        await page.getByTestId("spin-button").getByText("Spinning…").waitFor();
        await page.getByTestId("spin-button").getByText("SPIN", { exact: true }).waitFor({ timeout: 30_000 });
      }
    },
  },
  {
    name: "wheel, 3 spins (phone)",
    route: "/roulette",
    viewport: "phone",
    ready: (page) => page.getByTestId("colour-gold").click(),
    play: (page) => SCENES[1]!.play(page),
  },
  {
    name: "slots, 3 spins",
    route: "/slots",
    viewport: "desktop",
    ready: (page) => page.getByTestId("spin-button").waitFor(),
    async play(page) {
      for (let spin = 0; spin < 3; spin++) {
        await page.getByTestId("spin-button").click();
        await page.getByTestId("spin-button").getByText("SPIN", { exact: true }).waitFor({ timeout: 30_000 });
      }
    },
  },
  {
    name: "crash, 3 flights ridden to the crash",
    route: "/crash",
    viewport: "desktop",
    ready: (page) => page.getByText("LAUNCH SEQUENCE").waitFor(),
    async play(page) {
      for (let flight = 0; flight < 3; flight++) {
        await page.getByRole("button", { name: "START GAME" }).click();
        await untilEnabled(page, "PLAY AGAIN");
        await page.getByRole("button", { name: "PLAY AGAIN" }).click();
      }
    },
  },
  {
    name: "kickboxing, 1 match",
    route: "/kickboxing",
    viewport: "desktop",
    ready: (page) => page.getByRole("button", { name: "Bet on Red x2.0" }).click(),
    async play(page) {
      await page.getByRole("button", { name: "START MATCH" }).click();
      await page.getByTestId("kickboxing-result").waitFor({ timeout: 90_000 });
    },
  },
];

async function main(): Promise<void> {
  const stack = await startProductionStack("render-cost", PORT_BASE);
  const browser = await launchBrowser();
  try {
    console.log("Chromium's CPU while each game plays, demo mode, no GPU (cores = CPU s ÷ wall s):");
    for (const scene of SCENES) {
      const page = await openPage(browser, scene.viewport);
      await page.goto(stack.appUrl + scene.route);
      await scene.ready(page);
      const [cpuBefore, wallBefore] = [chromiumCpuSeconds(), Date.now()];
      await scene.play(page);
      const [cpu, wall] = [chromiumCpuSeconds() - cpuBefore, (Date.now() - wallBefore) / 1000];
      console.log(`  ${scene.name.padEnd(38)} ${cpu.toFixed(1).padStart(5)} CPU s over ${wall.toFixed(1).padStart(5)} s: ${(cpu / wall).toFixed(2)} cores`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`Render cost bench failed: ${error.message}`);
    process.exit(1);
  },
);
