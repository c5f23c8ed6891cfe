// The profit chart's time axis (issue #39 item 4). Left to itself, uPlot pads a one-point time
// scale by the magnitude of the timestamp, so one bet drew an axis of years with the point at its
// left edge. The axis here spans the bets' own time, with ticks at round times for that span.

/** At least a minute shown, the bets centred in it: one bet, or bets in one second, still read as a time. */
const MIN_SPAN_SEC = 60;
/** Room either side of the first and last bet, as a share of their span. */
const PAD_SHARE = 0.05;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

type Step = { seconds: number; label: "seconds" | "minutes" | "day" } | { months: number; label: "month" | "year" };

/** Round tick steps, shortest first: clock times, then days, then calendar months and years. */
const STEPS: readonly Step[] = [
  ...[1, 2, 5, 10, 15, 30].map((seconds) => ({ seconds, label: "seconds" as const })),
  ...[1, 2, 5, 10, 15, 30].map((minutes) => ({ seconds: minutes * MINUTE, label: "minutes" as const })),
  ...[1, 2, 3, 6, 12].map((hours) => ({ seconds: hours * HOUR, label: "minutes" as const })),
  ...[1, 2, 7, 14].map((days) => ({ seconds: days * DAY, label: "day" as const })),
  ...[1, 2, 3, 6].map((months) => ({ months, label: "month" as const })),
  ...[12, 24, 60, 120].map((months) => ({ months, label: "year" as const })),
];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export interface TimeAxis {
  /** The scale's ends, in Unix seconds. */
  min: number;
  max: number;
  /** Tick positions inside [min, max], in Unix seconds. */
  ticks: number[];
  /** Each tick's text, in the same order: "14:05:30", "14:05", "Nov 25", "Nov 2026", "2026". */
  labels: string[];
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Ticks of a fixed length in seconds, at multiples of it in local time (`offsetSec` east of UTC). */
function fixedTicks(min: number, max: number, seconds: number, offsetSec: number): number[] {
  const ticks: number[] = [];
  for (let local = Math.ceil((min + offsetSec) / seconds) * seconds; local - offsetSec <= max; local += seconds) ticks.push(local - offsetSec);
  return ticks;
}

/** Ticks on the first of every `months`-th month (January-aligned), local midnight. */
function monthTicks(min: number, max: number, months: number, offsetSec: number): number[] {
  const start = new Date((min + offsetSec) * 1000);
  let index = Math.ceil((start.getUTCFullYear() * 12 + start.getUTCMonth()) / months) * months;
  const ticks: number[] = [];
  for (;;) {
    const tick = Date.UTC(Math.floor(index / 12), index % 12, 1) / 1000 - offsetSec;
    if (tick > max) return ticks;
    if (tick >= min) ticks.push(tick);
    index += months;
  }
}

/** How many ticks a step gives; clock steps counted without listing them (a year at 1 s would be 3 × 10^7). */
function tickCount(step: Step, min: number, max: number, offsetSec: number): number {
  if ("seconds" in step) return Math.floor((max + offsetSec) / step.seconds) - Math.ceil((min + offsetSec) / step.seconds) + 1;
  return monthTicks(min, max, step.months, offsetSec).length;
}

function ticksOf(step: Step, min: number, max: number, offsetSec: number): number[] {
  return "seconds" in step ? fixedTicks(min, max, step.seconds, offsetSec) : monthTicks(min, max, step.months, offsetSec);
}

function labelOf(step: Step, tick: number, offsetSec: number): string {
  const local = new Date((tick + offsetSec) * 1000);
  const clock = `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
  switch (step.label) {
    case "seconds":
      return `${clock}:${pad2(local.getUTCSeconds())}`;
    case "minutes":
      return clock;
    case "day":
      return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}`;
    case "month":
      return `${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
    case "year":
      return String(local.getUTCFullYear());
  }
}

/**
 * The axis for bets at `times` (Unix seconds, in order): their span plus a little room, at least a
 * minute, and the shortest round step that gives at most `maxTicks` ticks. `offsetSec` is the
 * viewer's time zone, east of UTC, so that ticks fall on the viewer's round times.
 */
export function profitTimeAxis(times: readonly number[], maxTicks: number, offsetSec: number): TimeAxis {
  const first = times[0] ?? 0;
  const last = times.at(-1) ?? first;
  const span = last - first;
  const pad = span * PAD_SHARE + Math.max(0, MIN_SPAN_SEC - span * (1 + 2 * PAD_SHARE)) / 2;
  const min = first - pad;
  const max = last + pad;
  const step = STEPS.find((candidate) => tickCount(candidate, min, max, offsetSec) <= maxTicks) ?? STEPS.at(-1)!;
  const ticks = ticksOf(step, min, max, offsetSec);
  return { min, max, ticks, labels: ticks.map((tick) => labelOf(step, tick, offsetSec)) };
}

/** The browser's time zone at `unixSec`, in seconds east of UTC. */
export function localOffsetSec(unixSec: number): number {
  return -new Date(unixSec * 1000).getTimezoneOffset() * 60;
}
