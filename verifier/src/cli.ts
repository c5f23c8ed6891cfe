/**
 * `npm run verify -- --rpc URL [options]`: verifies every settled bet of a DEGEN Casino from chain
 * data alone. Exit status 0: everything matches; 1: a mismatch; 2: usage or connection error.
 */
import { parseArgs } from "node:util";
import { formatJson, formatText } from "./report";
import { ConnectionError, RpcError } from "./rpc";
import { VERIFY_DEFAULTS, UsageError, verifyChain, type VerifyOptions } from "./run";

const USAGE = `Usage: npm run verify -- --rpc URL [options]

Reads the Casino's events from any RPC node and verifies every settled bet with the engine:
the random word, each lane's hash chain and nonce order (the wallet's and each session's),
the payout (computed on chain, or claimed back at its maximum), the jackpot draw, what the
player's keys signed, and what each session's lane held.

  --rpc URL             JSON-RPC endpoint (required)
  --deployment FILE     addresses and deployment block (default deployments/<chainId>.json)
  --casino 0x…          the Casino (instead of a deployment file)
  --token 0x…           its DEGEN token (default: read from the Casino)
  --player 0x…          verify one player's bets only
  --from-block N        first block (default: the deployment block, or 0 with --casino)
  --to-block N          last block (default: the latest)
  --chunk N             blocks per eth_getLogs request (default ${VERIFY_DEFAULTS.chunk}; halved when the node refuses)
  --concurrency N       eth_getLogs requests in flight (default ${VERIFY_DEFAULTS.concurrency})
  --batch N             calls per batch request: transactions, headers (default ${VERIFY_DEFAULTS.batch}; halved when the node refuses)
  --rps N               requests started per second at most, the node's rate limit (default ${VERIFY_DEFAULTS.requestsPerSecond},
                        under BSC's public endpoints' 10,000 per 5 minutes; 0: no limit, e.g. your own node)
  --workers N           threads that check the bets besides the one that reads (default: one per core
                        but one, here ${VERIFY_DEFAULTS.workers}; 0: the reading thread checks them too)
  --json                machine-readable results
  --help

Exit status: 0 everything matches, 1 a mismatch was found, 2 usage or connection error.`;

function integer(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value)))
    throw new UsageError(`${flag} must be an integer ≥ ${min}, got "${value}"`);
  return Number(value);
}

function readOptions(argv: string[]): { options: VerifyOptions; json: boolean } | "help" {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      options: {
        rpc: { type: "string" },
        deployment: { type: "string" },
        casino: { type: "string" },
        token: { type: "string" },
        player: { type: "string" },
        "from-block": { type: "string" },
        "to-block": { type: "string" },
        chunk: { type: "string" },
        concurrency: { type: "string" },
        batch: { type: "string" },
        rps: { type: "string" },
        workers: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.help) return "help";
  if (!parsed.rpc) throw new UsageError("--rpc URL is required");
  if (!/^https?:\/\//.test(parsed.rpc)) throw new UsageError(`--rpc must be an http(s) URL, got "${parsed.rpc}"`);
  if (parsed.deployment && parsed.casino) throw new UsageError("give either --deployment or --casino, not both");
  if (parsed.token && !parsed.casino) throw new UsageError("--token goes with --casino (a deployment file names its token)");
  return {
    json: parsed.json ?? false,
    options: {
      rpc: parsed.rpc,
      deployment: parsed.deployment,
      casino: parsed.casino,
      token: parsed.token,
      player: parsed.player,
      fromBlock: integer(parsed["from-block"], "--from-block", 0),
      toBlock: integer(parsed["to-block"], "--to-block", 0),
      chunk: integer(parsed.chunk, "--chunk", 1) ?? VERIFY_DEFAULTS.chunk,
      concurrency: integer(parsed.concurrency, "--concurrency", 1) ?? VERIFY_DEFAULTS.concurrency,
      batch: integer(parsed.batch, "--batch", 1) ?? VERIFY_DEFAULTS.batch,
      requestsPerSecond: integer(parsed.rps, "--rps", 0) ?? VERIFY_DEFAULTS.requestsPerSecond,
      workers: integer(parsed.workers, "--workers", 0) ?? VERIFY_DEFAULTS.workers,
    },
  };
}

/** A progress line on an interactive terminal only, on stderr, so that piped output stays clean. */
function progress(): VerifyOptions["onProgress"] {
  if (!process.stderr.isTTY) return undefined;
  let last = 0;
  return (done, total) => {
    if (Date.now() - last < 200 && done < total) return;
    last = Date.now();
    process.stderr.write(`\rreading events: ${Math.floor((100 * done) / total)} % of ${total} blocks${done === total ? "\n" : ""}`);
  };
}

async function main(): Promise<number> {
  try {
    const read = readOptions(process.argv.slice(2));
    if (read === "help") {
      console.log(USAGE);
      return 0;
    }
    const verification = await verifyChain({ ...read.options, onProgress: progress() });
    const { result, overdue, summary, run } = verification;
    console.log(read.json ? formatJson(result, overdue, summary, run) : formatText(result, overdue, summary, run));
    return result.problems.length === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`verify: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConnectionError || error instanceof RpcError) {
      console.error(`verify: the RPC node failed: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    // An unexpected failure is not a verdict on the chain either.
    process.exitCode = 2;
  },
);
