/**
 * The settings file every entry point reads (hardhat.config.ts for deploy and the operator tasks,
 * server/src/main.ts for the server): `.env` at the repo root, parsed by dotenv. Variables already
 * set in the environment win. ENV_FILE names another file; `ENV_FILE=` (empty) reads none, which
 * the local stacks (scripts/stack.ts) use so that an operator's BSC Testnet .env never reaches a
 * local chain's server or deploy.
 */
import path from "node:path";
import dotenv from "dotenv";

export function loadEnvFile(repoRoot: string, env: NodeJS.ProcessEnv = process.env): void {
  const named = env.ENV_FILE;
  if (named !== undefined && named.trim() === "") return;
  const file = path.resolve(repoRoot, named ?? ".env");
  const { error } = dotenv.config({ path: file, processEnv: env as dotenv.DotenvPopulateInput, quiet: true });
  // A missing default .env is normal (every setting has a default or comes from the environment);
  // a file named on purpose must exist.
  if (error && named !== undefined) throw new Error(`ENV_FILE ${file} cannot be read: ${error.message}`);
}
