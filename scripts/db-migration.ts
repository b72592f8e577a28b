// `npm run db:migration -- <name>`: write prisma/migrations/<timestamp>_<name>/migration.sql from the difference
// between the existing migrations and prisma/schema.prisma (computed in a temporary shadow database), then apply it
// to the development database.
import path from "node:path";
import { parseEnv } from "@/lib/env";
import { prepareConfiguredDatabase } from "@/lib/bootstrap/database";
import { createMigration } from "@/lib/db/migrator";

const name = process.argv[2];
if (!name) {
  console.error("Usage: npm run db:migration -- <name>   (for example: npm run db:migration -- add_templates)");
  process.exit(2);
}
const env = parseEnv();
const database = await prepareConfiguredDatabase(env);
try {
  const dir = await createMigration(database.url, name);
  if (!dir) {
    console.log("schema.prisma and prisma/migrations agree: no migration written.");
  } else {
    console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql — review it, then commit it.`);
    const { applyMigrations } = await import("@/lib/db/migrator");
    console.log(`Applied: ${(await applyMigrations(database.url)).join(", ")}`);
  }
} finally {
  await database.stop();
}
