// `npm run verify` over the chain the browser tests leave (issue #14): every bet any browser test
// played, settled by the real server, checked by the auditor's command from chain events alone.
// This file runs after every other browser test file (vitest.config.mts, VerifyChainLast).
// That a wrong settlement is reported with a non-zero exit is the verifier's own test:
// verifier/test/verify.chain.test.ts ("reports a wrong payout…") and verifier/test/audit.test.ts.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import { runVerifyCli } from "../verifier/test/support/cli";
import { chainReader } from "./support/wallet-app";

const rpcUrl = inject("rpcUrl");
let reader: Awaited<ReturnType<typeof chainReader>> | undefined;
afterAll(() => reader?.provider.destroy());

describe("npm run verify over the chain the browser tests leave", () => {
  it("finds every settled bet and no mismatch, exit status 0", async () => {
    reader = await chainReader(rpcUrl, inject("apiUrl"));
    const settled = await reader.casino.queryFilter(reader.casino.filters.BetSettled(), 0);
    const claimed = await reader.casino.queryFilter(reader.casino.filters.ExpiredBetClaimed(), 0);

    // The stack's own Casino, as its server reports it (deployments/31337.json is shared with
    // `npm start`), read from block 0: the whole deployment, jackpot pool included.
    const args = ["--rpc", rpcUrl, "--casino", reader.config.contracts.Casino, "--token", reader.config.contracts.DegenToken];
    const run = await runVerifyCli([...args, "--json"]);

    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout) as { summary: { settled: number; expired: number; betsWithMismatch: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatchObject({ settled: settled.length, expired: claimed.length, betsWithMismatch: 0 });
    expect(run.code).toBe(0);
    // The human report, as the run's log keeps it.
    const text = await runVerifyCli(args);
    console.info(
      text.stdout
        .split("\n")
        .filter((line) => /^\s{2}(bets|players|word|chain|payout|jackpot|mismatches|speed)\b/.test(line))
        .join("\n"),
    );
    expect(text.code).toBe(0);
  });

  it("finds the code at each of the deployment's 11 addresses to be this repository's (npm run verify:code)", async () => {
    // scripts/deploy.ts wrote the stack's addresses (a fresh node's: the demo stack's are the same).
    const root = path.resolve(__dirname, "..");
    const { stdout } = await promisify(execFile)(
      path.join(root, "node_modules/.bin/tsx"),
      ["scripts/deployed-code.ts", "--rpc", rpcUrl, "--deployment", "deployments/31337.json"],
      {
        cwd: root,
      },
    );
    expect(stdout).toContain("11 contracts: the code at each address is this repository's.");
    expect(stdout).not.toContain("MISMATCH");
  });
});
