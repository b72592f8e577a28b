// `npm start`'s start-up work on the database, done once in a short-lived child of the supervisor
// (lib/bootstrap/run-once.ts): the migrations (Prisma's WebAssembly schema engine), the first administrator (the
// Prisma client, argon2) and the sandbox's provider account when the sandbox runs. The supervisor lives as long as the
// console and would otherwise keep all of that in memory for nothing. DATABASE_URL and the secrets come from the
// supervisor; the answer goes back over IPC.
import { migrateDatabase } from "@/lib/bootstrap/database";
import type { FirstAdmin } from "@/lib/bootstrap/first-admin";
import { answerOnce } from "@/lib/bootstrap/run-once";
import { parseEnv } from "@/lib/env";

export type PreparedData = { applied: string[]; admin: FirstAdmin };

await answerOnce<PreparedData>(async () => {
  const env = parseEnv();
  const applied = await migrateDatabase(process.env.DATABASE_URL!);
  // Modules that query the database read DATABASE_URL when first imported, and the schema is now current.
  const { ensureFirstAdmin } = await import("@/lib/bootstrap/first-admin");
  const admin = await ensureFirstAdmin(env);
  const sandboxUrl = process.env.TUMA_SANDBOX_URL;
  const sandboxToken = process.env.SANDBOX_TOKEN;
  if (sandboxUrl && sandboxToken) {
    const { ensureSandboxAccount } = await import("@/lib/bootstrap/sandbox-account");
    await ensureSandboxAccount({ baseUrl: sandboxUrl, token: sandboxToken });
  }
  await (await import("@/lib/db/client")).db.$disconnect();
  return { applied, admin };
});
