import { randomUUID } from "node:crypto";
import { pino, stdTimeFunctions, type Logger } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Hex longer than one 32-byte word: a signature (65 bytes), calldata that carries one (a relayed
 * withdrawal's) or a signed transaction. Transaction hashes, bet ids and addresses stay whole.
 */
const LONG_HEX = /0x([0-9a-fA-F]{8})[0-9a-fA-F]{57,}/g;
/** A JWT, such as the session cookie's value. */
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/g;

/**
 * A failed statement's parameters: drizzle's DrizzleQueryError carries them in its message (after
 * "\nparams: ", up to the end of that line) and as its `params` field. They are what a player sent
 * and what the server derived from it; a log needs the statement and the database's reason only
 * (issue #38: a queued bet's seed was one of them).
 */
const QUERY_PARAMS_TEXT = /(\\nparams: )(?:[^"\\]|\\[^n])*/g;
const QUERY_PARAMS_FIELD = /("params":)\[(?:[^\]"]|"(?:[^"\\]|\\.)*")*\]/g;

let secretPattern: RegExp | undefined;
const secrets = new Set<string>();

/**
 * Registers values no log line may carry (MASTER_SECRET, SESSION_SECRET, the settler key, also
 * when generated rather than given): each is replaced wherever it appears, with or without 0x.
 */
export function addSecrets(values: readonly string[]): void {
  for (const value of values) if (value) secrets.add(value.replace(/^0x/i, "").toLowerCase());
  secretPattern = secrets.size > 0 ? new RegExp([...secrets].join("|"), "gi") : undefined;
}

/**
 * The last step of every log line, on its JSON text: whatever a message or an error carries
 * (ethers puts whole transactions into its errors) leaves without a secret, a token, a full
 * signature or a failed statement's parameters. Only lines actually written pay for it.
 */
export function scrub(line: string): string {
  const clean = (secretPattern ? line.replace(secretPattern, "[secret]") : line)
    .replace(QUERY_PARAMS_TEXT, "$1[not logged]")
    .replace(QUERY_PARAMS_FIELD, '$1"[not logged]"');
  return clean.replace(LONG_HEX, (whole, head: string) => `0x${head}…(${Math.floor((whole.length - 2) / 2)} bytes)`).replace(JWT, "[token]");
}

const root: Logger = pino({
  level: "info",
  timestamp: stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  hooks: { streamWrite: scrub },
});
const components = new Map<string, Logger>();

/** A component's logger (`{"component":"settler",...}`). */
export function logger(component: string): Logger {
  let child = components.get(component);
  if (!child) {
    child = root.child({ component });
    components.set(component, child);
  }
  return child;
}

/** pino's children keep the level they were made with: every one is set along with the root. */
export function setLogLevel(level: LogLevel): void {
  root.level = level;
  for (const child of components.values()) child.level = level;
}

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** A caller's X-Request-Id when it is a plain token of at most 64 characters (it goes into every log line), else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && /^[\w.:-]{1,64}$/.test(header) ? header : randomUUID();
}
