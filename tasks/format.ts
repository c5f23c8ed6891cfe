// Formatting and parsing of the operator tasks' values: exact token amounts, basis points,
// durations and times.
/** A refusal or failure of an operator task: printed as one line (tasks/context.ts oneLine). */
export class TaskError extends Error {}

/**
 * An amount of base units with 18 decimals: thousands grouped, trailing zeros dropped, exact
 * unless `maxDecimals` cuts (rounds down) the fraction.
 */
export function formatAmount(value: bigint, decimals = 18, maxDecimals = decimals): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = digits.slice(digits.length - decimals, digits.length - decimals + maxDecimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** A decimal amount of tokens ("1000", "0.5", "1,000") in base units of 18 decimals. */
export function parseAmount(name: string, text: string): bigint {
  const clean = text.replace(/[,_]/g, "").trim();
  const match = /^(\d+)(?:\.(\d{1,18}))?$/.exec(clean);
  if (!match) throw new TaskError(`--${name} "${text}" is not an amount of tokens (e.g. 1000 or 0.5)`);
  return BigInt(match[1]) * 10n ** 18n + BigInt((match[2] ?? "").padEnd(18, "0"));
}

/** A whole number ("500", "10,000"). */
export function parseInteger(name: string, text: string): bigint {
  const clean = text.replace(/[,_]/g, "").trim();
  if (!/^\d+$/.test(clean)) throw new TaskError(`--${name} "${text}" is not a whole number`);
  return BigInt(clean);
}

/** Basis points with their percentage: "500 bps (5 %)". */
export function formatBps(bps: bigint): string {
  return `${bps} bps (${formatAmount(bps, 2)} %)`;
}

const UNITS: [string, number][] = [
  ["d", 86_400],
  ["h", 3_600],
  ["m", 60],
  ["s", 1],
];

/** Seconds as "1d 2h 3m 4s" (largest units first, zero parts left out; at most `parts` of them, rounded down). */
export function formatDuration(seconds: bigint | number, maxParts = UNITS.length): string {
  let rest = Number(seconds);
  if (rest <= 0) return "0s";
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    if (rest >= size && parts.length < maxParts) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join(" ");
}

/** A duration: seconds ("3600") or with one unit ("90s", "30m", "1h", "2d"). */
export function parseDuration(name: string, text: string): bigint {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!match) throw new TaskError(`--${name} "${text}" is not a duration (seconds, or e.g. 30m, 1h, 2d)`);
  const size = UNITS.find(([unit]) => unit === (match[2] || "s"))![1];
  return BigInt(match[1]) * BigInt(size);
}

/** A unix time as "2025-01-31 12:00:00 UTC". */
export function formatTime(unix: bigint | number): string {
  return new Date(Number(unix) * 1000)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
}

/** A unix time relative to `now`: "2025-01-31 12:00:00 UTC (in 1d 2h)" or "(3m ago)". */
export function formatWhen(unix: bigint | number, now: bigint | number): string {
  const delta = Number(unix) - Number(now);
  return `${formatTime(unix)} (${delta >= 0 ? `in ${formatDuration(delta, 2)}` : `${formatDuration(-delta, 2)} ago`})`;
}

/** Rows of cells as aligned text, each column as wide as its widest cell, indented by two spaces. */
export function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join("   ")}`.trimEnd());
}
