import type { TestProject } from "vitest/node";
import { DEMO_PORT_OFFSET, startSharedStack } from "./global-setup";

/**
 * The stack of e2e/demo/: files that play on virtual funds only, so no bet of theirs is on the
 * chain verify-chain checks. A stack of their own lets `npm test` run them beside the other
 * browser files (scripts/test-side-by-side.ts).
 */
export function setup(project: TestProject): Promise<() => Promise<void>> {
  return startSharedStack(project, Number(process.env.E2E_PORT_BASE ?? 18000) + DEMO_PORT_OFFSET);
}
