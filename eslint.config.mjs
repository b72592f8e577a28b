import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import { LIB_LAYERS } from "./scripts/dev/lib-layers.mjs";

// The import boundaries of docs/architecture.md ("Folders and their boundaries"), enforced: the sandbox is a separate
// program that shares only the provider's wire contract with the console; the console never imports the sandbox or
// the test helpers; components never import app/, lib never imports app/ or components/; pages, routes and
// components reach the database only through lib; lib is layered (scripts/dev/lib-layers.mjs): a folder never imports
// one of a layer above it (lib/batches never imports lib/dispatch, lib/auth never lib/users, …).
// ESLint keeps one no-restricted-imports setting per file (a later block replaces an earlier one), so each block
// below lists every pattern that holds for its files.
const SANDBOX = {
  regex: "(^@/sandbox/|/sandbox/)",
  message: "The console never imports the sandbox (a separate program).",
};
const TESTS = { regex: "^@/test/", message: "Test helpers are for tests, benchmarks and scripts only." };
const NOT_APP = {
  regex: "^(@/|(\\.\\./)+)app/",
  message: "Only app/ imports app/ (a component gets a server action as a prop).",
};
const NOT_COMPONENTS = { regex: "^(@/|(\\.\\./)+)components/", message: "lib never imports components/." };
const PROGRAMS_NOT_PAGES = {
  regex: "^(@/|(\\.\\./)+)(app|components)/",
  message: "A program runs lib/, never app/ or components/ (Next loads those in the web server).",
};
const NO_DATABASE = {
  regex: "^((@/|(\\.\\./)+)lib/(db/|generated/prisma/(?!enums$))|pg$|@prisma/)",
  message:
    "Pages, routes and components reach the database through lib/ (a function of its area), never lib/db, the Prisma client or pg.",
};
const BATCHES_NOT_DISPATCH = {
  regex: "^(@/lib/|\\.\\./)dispatch/",
  message:
    "lib/batches never imports lib/dispatch (the worker uses lib/batches, not the other way round): what both need lives below both (lib/jobs, lib/db/advisory-locks.ts, lib/provider/rate-limiter.ts).",
};
const AUTH_NOT_USERS = {
  regex: "^(@/lib/|\\.\\./)users/",
  message: "lib/auth never imports lib/users (lib/users uses lib/auth: password hashing and rules, ending sessions).",
};
/** One block per area: every pattern that holds for its files (tests may reach across). */
const boundaries = (files, patterns) => ({
  files,
  ignores: ["**/*.test.ts"],
  rules: { "no-restricted-imports": ["error", { patterns: [SANDBOX, TESTS, ...patterns] }] },
});
/** A folder of lib (or a top-level file, lib/env.ts) as an import names it: @/lib/x/…, @/lib/x, ../x/…, ../x. */
const libImport = (folders) => `^(@/lib/|(\\.\\./)+)(${folders.join("|")})(/|$)`;
/** Each folder of lib: never a folder of a layer above its own (test/lib-graph.test.ts checks the whole graph). */
const layerBoundaries = LIB_LAYERS.slice(1).flatMap((layer, index) => {
  const above = LIB_LAYERS.slice(0, index + 1);
  const pattern = {
    regex: libImport(above.flatMap((upper) => upper.folders)),
    message: `lib/${layer.folders.join(", lib/")} (${layer.name}) never import a layer above (${above.map((upper) => upper.name).join("; ")}): move what both need down, or the caller up (docs/architecture.md, scripts/dev/lib-layers.mjs).`,
  };
  return layer.folders.map((folder) => {
    const named = folder === "batches" ? [BATCHES_NOT_DISPATCH] : folder === "auth" ? [AUTH_NOT_USERS] : [];
    return boundaries([`lib/${folder}/**`, `lib/${folder}.ts`], [NOT_APP, NOT_COMPONENTS, ...named, pattern]);
  });
});

// Times a person sees go through lib/time/ (the organisation's zone, named) — never the server's or the browser's zone.
const TIME_MESSAGE =
  "Show times with <Time> (components/time/time.tsx) or lib/time/format.ts: the organisation's zone, named — not the server's or the browser's.";
// Date methods that read or print the local zone (or a locale's pattern). Only Date values are checked: a number's
// toLocaleString is fine.
const LOCAL_DATE_METHODS = new Set([
  "toLocaleString",
  "toLocaleDateString",
  "toLocaleTimeString",
  "toString",
  "toDateString",
  "toTimeString",
  "getFullYear",
  "getMonth",
  "getDate",
  "getDay",
  "getHours",
  "getMinutes",
  "getSeconds",
  "getTimezoneOffset",
]);
const TIME_SYNTAX = [
  {
    selector:
      "CallExpression[callee.property.name=/^(slice|substring|substr|split)$/][callee.object.callee.property.name='toISOString']",
    message: `toISOString() cut for display: ${TIME_MESSAGE}`,
  },
  {
    selector:
      ":matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: `Intl.DateTimeFormat outside lib/time: ${TIME_MESSAGE}`,
  },
];
// Counts and amounts a person sees go through lib/numbers/format.ts (one locale), never toLocaleString or an
// Intl.NumberFormat of their own: the server's and the browser's locales differ, and a hydrated page would differ too.
const NUMBER_MESSAGE =
  "Show counts and amounts with formatCount / formatNumber (lib/numbers/format.ts): one locale everywhere, the same on the server and in the browser.";
const NUMBER_SYNTAX = [
  {
    selector: "CallExpression[callee.property.name='toLocaleString']",
    message: `toLocaleString: ${NUMBER_MESSAGE}`,
  },
  {
    selector: ":matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name='NumberFormat']",
    message: `Intl.NumberFormat outside lib/numbers: ${NUMBER_MESSAGE}`,
  },
];
const timePlugin = {
  rules: {
    "no-local-date-methods": {
      meta: { type: "problem", messages: { local: `{{method}} on a Date: ${TIME_MESSAGE}` }, schema: [] },
      create(context) {
        const services = context.sourceCode.parserServices;
        const isDate = (type) => (type.isUnion() ? type.types.some(isDate) : type.getSymbol()?.getName() === "Date");
        return {
          MemberExpression(node) {
            if (node.computed || node.property.type !== "Identifier" || !LOCAL_DATE_METHODS.has(node.property.name))
              return;
            if (isDate(services.getTypeAtLocation(node.object)))
              context.report({ node: node.property, messageId: "local", data: { method: node.property.name } });
          },
        };
      },
    },
  },
};

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
  boundaries(["app/**"], [NO_DATABASE]),
  boundaries(["components/**"], [NOT_APP, NO_DATABASE]),
  boundaries(["lib/**"], [NOT_APP, NOT_COMPONENTS]),
  ...layerBoundaries,
  {
    // The product's programs (docs/architecture.md, "Processes") run lib/; the sandbox's thread starts the sandbox.
    // Test helpers are for their tests, and pages and components are Next's to load.
    files: ["programs/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [TESTS, PROGRAMS_NOT_PAGES] }] },
  },
  {
    // Needs types (is it a Date?): the TypeScript project service, for these folders only.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { time: timePlugin },
    rules: {
      "time/no-local-date-methods": "error",
      "no-restricted-syntax": ["error", ...TIME_SYNTAX],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": ["error", ...TIME_SYNTAX, ...NUMBER_SYNTAX],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/numbers/**", "lib/generated/**"],
    rules: { "no-restricted-syntax": ["error", ...NUMBER_SYNTAX] },
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
    "dist/**",
    "node_modules/**",
    ".data/**",
    "lib/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
