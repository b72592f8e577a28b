// schema.prisma and prisma/migrations must describe the same database: a schema change without its migration
// (npm run db:migration -- <name>) fails here.
import { expect, test } from "vitest";
import fs from "node:fs/promises";
import pg from "pg";
import { pendingSchemaChanges } from "./migrator";

test("the migrations produce exactly the schema in schema.prisma", async () => {
  const sql = await pendingSchemaChanges(process.env.DATABASE_URL!);
  expect(sql).toBe("");
});

test("a schema change without its migration is detected", async () => {
  const schema = await fs.readFile("prisma/schema.prisma", "utf8");
  const sql = await pendingSchemaChanges(process.env.DATABASE_URL!, `${schema}\nmodel Forgotten {\n  id Int @id\n}\n`);
  expect(sql).toContain('CREATE TABLE "Forgotten"');
});

test("migrations are recorded in _prisma_migrations as prisma migrate deploy records them", async () => {
  const client = new pg.Client(process.env.DATABASE_URL);
  await client.connect();
  const { rows } = await client.query<{ migration_name: string; finished_at: Date | null; checksum: string }>(
    "SELECT migration_name, finished_at, checksum FROM _prisma_migrations ORDER BY migration_name",
  );
  await client.end();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.finished_at).toBeInstanceOf(Date);
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
  }
});
