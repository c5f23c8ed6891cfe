// ESLint 9 flat config. Syntax-only typescript-eslint rules (no type information): the whole
// repository lints in seconds on a small machine; `npm run typecheck` does the type checking.
import { defineConfig, globalIgnores } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import prettier from "eslint-config-prettier";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";

const FEATURES = readdirSync(new URL("./frontend/src/features", import.meta.url));
/**
 * What another part of the app may import of a feature: its index, and for a feature with on-chain
 * code the index of that code, which only the chunks that talk to the chain load (the lobby's and
 * the games' first chunks hold no ethers: docs/decisions.md §7).
 */
const PUBLIC_ENTRIES = {
  wallet: ["./index.ts", "./onchain.ts", "./dialogs.ts"],
  bets: ["./index.ts", "./onchain/index.ts"],
  "one-click": ["./index.ts", "./onchain.ts"],
};

export default defineConfig(
  globalIgnores(["**/node_modules/", "typechain-types/", "artifacts/", "cache/", "**/dist/", "coverage/", "e2e/logs/", "e2e/screenshots/", "data/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter or element a signature requires but the body does not use.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["frontend/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Off: the effects it flags reset local state when their input changes and, in the same
      // effect, start the timer or request that follows; React renders the reset before the next
      // input event, so nothing acts on stale state, and a render-time reset would read worse.
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    // No import circle anywhere in the code that ships (tests may import what they test from any side).
    files: ["{frontend/src,server/src,engine/src,verifier/src,bindings}/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**", "**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Dependencies are parsed as TypeScript too, or no circle through them would be found.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ["frontend/tsconfig.json", "server/tsconfig.json", "engine/tsconfig.json", "tsconfig.json"],
        }),
      ],
    },
    // Through a dynamic import too: features compose at the app, never by importing each other
    // (docs/decisions.md §7). Type imports this rule does not follow; none closes a circle either.
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  {
    // The app's layers, as bulletproof-react draws them (docs/decisions.md §7): shared code
    // (components, lib, config) never imports a feature, a game, a page or the app.
    files: ["frontend/src/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**", "**/*.test.{ts,tsx}", "frontend/src/test/**"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...["components", "lib", "config"].map((shared) => ({
              target: `./frontend/src/${shared}`,
              from: ["./frontend/src/features", "./frontend/src/games", "./frontend/src/pages", "./frontend/src/app"],
              message: "Shared code must not depend on a feature, a game, a page or the app.",
            })),
            ...FEATURES.map((feature) => ({
              target: [
                ...FEATURES.filter((other) => other !== feature).map((other) => `./frontend/src/features/${other}`),
                ...["games", "pages", "app", "main.tsx"].map((part) => `./frontend/src/${part}`),
              ],
              from: `./frontend/src/features/${feature}`,
              except: PUBLIC_ENTRIES[feature] ?? ["./index.ts"],
              message: `Import the ${feature} feature through its public index (${(PUBLIC_ENTRIES[feature] ?? ["./index.ts"]).join(", ")}).`,
            })),
          ],
        },
      ],
    },
  },
  {
    // Hardhat's mocha tests: chai's property assertions (`expect(x).to.be.true`) are expressions.
    files: ["test/**/*.ts"],
    languageOptions: { globals: { ...globals.mocha } },
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
  {
    // Hardhat loads solc (a 9 MB compiler) only when a compile asks for it.
    files: ["hardhat.config.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The test client's answers are JSON each test reads field by field as it asserts them.
    files: ["server/test/support/http.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The verifier is the auditor's tool: it reads the chain through bindings/ and engine/ and must
    // run without the house's server code (its tests may still start a server to check it against).
    files: ["verifier/src/**/*.ts", "verifier/bench/**/*.ts", "bindings/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**"], message: "The verifier and bindings/ must not depend on the server: move what both need to bindings/." }] },
      ],
    },
  },
  {
    // .solcover.js is CommonJS: solidity-coverage requires it.
    files: ["**/*.{js,cjs}"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
);
