// `prisma generate` without network access. Prisma's CLI insists on locating its native schema engine
// even for generate, which does not run it; pointing the variable at any executable satisfies the check
// (docs/design.md §4). Migrations do not use the CLI at all: see lib/db/migrator.ts.
import { spawnSync } from "node:child_process";
import path from "node:path";

const cli = path.join(process.cwd(), "node_modules", "prisma", "build", "index.js");
const result = spawnSync(process.execPath, [cli, "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
