import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      // App Router only; there is no pages/ directory.
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  globalIgnores([".next/**", "node_modules/**", ".data/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
