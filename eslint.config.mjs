import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// The import boundaries of docs/architecture.md, enforced: the sandbox is a separate program that shares only the
// provider's wire contract with the console; the console never imports the sandbox or the test helpers.
const SANDBOX = {
  regex: "(^@/sandbox/|/sandbox/)",
  message: "The console never imports the sandbox (a separate program).",
};
const TESTS = { regex: "^@/test/", message: "Test helpers are for tests, benchmarks and scripts only." };

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      // App Router only; there is no pages/ directory.
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [SANDBOX, TESTS] }] },
  },
  {
    files: ["sandbox/**"],
    ignores: ["sandbox/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/(?!lib/provider/wire/)|\\.\\./)",
              message:
                "The sandbox may import only the provider's wire contract (@/lib/provider/wire/*) and its own files.",
            },
          ],
        },
      ],
    },
  },
  {
    // The wire contract is pure: the spec's shapes and formats, importable by the console and the sandbox alike.
    files: ["lib/provider/wire/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(@/|\\.\\./)", message: "lib/provider/wire imports nothing of the project but itself." },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    ".data/**",
    "lib/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
