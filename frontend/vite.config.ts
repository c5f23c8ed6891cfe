import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const frontendDir = fileURLToPath(new URL(".", import.meta.url));
const sourceDir = fileURLToPath(new URL("./src/", import.meta.url));
/**
 * The app's modules whose top-level code must run when they are imported: the entry, the wallet's
 * index (it hands the store its on-chain driver), the one-click store (it follows the wallet), and
 * stylesheets. Every other module of the app only declares: a feature's index may then re-export
 * all of its public API without the lobby's chunk taking the modules the lobby does not use.
 */
const RUNS_ON_IMPORT = ["main.tsx", "features/wallet/index.ts", "features/one-click/one-click-store.ts"];
/** The engine only declares too: its rules are pure functions and constants (engine/README.md). */
const engineDir = fileURLToPath(new URL("../engine/src/", import.meta.url));
const hasSideEffects = (id: string) =>
  !(id.startsWith(sourceDir) || id.startsWith(engineDir)) || id.endsWith(".css") || RUNS_ON_IMPORT.some((file) => id === sourceDir + file);

/**
 * The small modules the lobby shares with later chunks, in one file: left to itself the bundler
 * cuts them into nine, and the per-file cost took the lobby's first JS from 118,470 to 121,279
 * bytes gzip (docs/decisions.md §7). The project's own zustand only; @web3-react's copies load with
 * the wallet.
 */
const APP_CORE =
  /frontend\/src\/(lib\/(cn|api-client|bet-rules)|components\/ui\/icons|config\/(tokens|economics)|features\/wallet\/(wallet-store|injected-provider|wallet-discovery))\.tsx?$|^[^@]*\/node_modules\/zustand\//;

const apiProxy = {
  "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3001", changeOrigin: true },
};

export default defineConfig({
  root: frontendDir,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      "@engine": fileURLToPath(new URL("../engine/src", import.meta.url)),
      // The TypeChain bindings `hardhat compile` generates: the ABIs never exist twice.
      "@typechain": fileURLToPath(new URL("../typechain-types", import.meta.url)),
      // The events decoded once for the server, the verifier and the app (bindings/events.ts).
      "@bindings": fileURLToPath(new URL("../bindings", import.meta.url)),
      // @web3-react/core lazily requires ethers v5 providers; nothing of ours uses them, and
      // bundling them costs ~65 kB gzip (TOOLCHAIN.md).
      "@ethersproject/providers": fileURLToPath(new URL("./src/lib/empty-module.ts", import.meta.url)),
    },
    dedupe: ["react", "react-dom"],
  },
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: hasSideEffects },
      output: { advancedChunks: { groups: [{ name: "app-core", test: APP_CORE }] } },
    },
  },
  server: { host: "127.0.0.1", port: 5173, strictPort: true, proxy: apiProxy },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true, proxy: apiProxy },
});
