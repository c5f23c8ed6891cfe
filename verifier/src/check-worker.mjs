// The entry of check-pool.ts's worker threads. Node 20's workers load no TypeScript by themselves,
// whether the verifier runs under tsx (the CLI) or vitest (the tests): tsx's API loads it for them.
import { tsImport } from "tsx/esm/api";

await tsImport("./check-worker.ts", import.meta.url);
