// The layers of lib/, top to bottom (docs/architecture.md, "Folders and their boundaries"): a folder may import its
// own layer's folders and the layers below it, never a layer above; and no two folders import each other, however
// far round (test/lib-graph.test.ts draws the graph from the source and checks both). eslint.config.mjs turns each
// layer into a no-restricted-imports rule, so an arrow up is refused where it is written. A top-level file of lib
// (lib/env.ts) is named without its extension. A new folder goes into the layer its imports allow.
export const LIB_LAYERS = [
  { name: "programs' own parts", folders: ["web-server", "dispatch", "importer"] },
  { name: "front doors", folders: ["api", "bootstrap", "console", "health", "purchases", "reports", "users"] },
  { name: "batch work", folders: ["batches", "escalation", "lists", "opt-outs", "webhooks"] },
  {
    name: "areas",
    folders: [
      "accounts",
      "api-keys",
      "audit",
      "auth",
      "compose",
      "messages",
      "number-story",
      "organisation",
      "receipts",
      "templates",
      "units",
    ],
  },
  {
    name: "readers and plumbing",
    folders: ["fair-share", "history", "http", "jobs", "list-files", "provider", "recipients", "xlsx"],
  },
  { name: "foundation", folders: ["errors", "db", "log", "env"] },
  {
    name: "leaves (import nothing of lib)",
    folders: [
      "cache",
      "client-address",
      "crypto",
      "csv",
      "languages",
      "log-line",
      "metrics",
      "numbers",
      "password-length",
      "states",
      "time",
    ],
  },
];
