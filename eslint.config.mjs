// ESLint 9 flat config. Syntax-only typescript-eslint rules (no type information): the whole
// repository lints in seconds on a small machine; `npm run typecheck` does the type checking.
import { defineConfig, globalIgnores } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import prettier from "eslint-config-prettier";

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
