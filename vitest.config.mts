import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const engineDir = fileURLToPath(new URL("./engine/src", import.meta.url));
const frontendSrcDir = fileURLToPath(new URL("./frontend/src", import.meta.url));
const typechainDir = fileURLToPath(new URL("./typechain-types", import.meta.url));

// Explicit includes: Hardhat's mocha tests in test/ and the browser tests in e2e/ must never be
// collected by vitest.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "engine",
          include: ["engine/test/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["server/test/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "verifier",
          include: ["verifier/test/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { "@engine": engineDir, "@typechain": typechainDir, "@": frontendSrcDir } },
        test: {
          name: "frontend",
          include: ["frontend/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["frontend/src/test/setup.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["e2e/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
