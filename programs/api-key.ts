// `npm run api-key -- create --email E --name N --scopes send,read [--expires-days D] [--test]` prints the new key once, on
// its last line and alone there; `npm run api-key -- revoke --email E --name N` revokes it. Works while the console
// runs, on the same database: DATABASE_URL, or the embedded PostgreSQL of the data directory — adopted when `npm
// start` already runs it (and then left running), else started for the command and stopped after.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { EnvError, parseEnv } from "@/lib/env";
import { startEmbeddedPostgres } from "@/lib/db/embedded";

const USAGE = `Usage:
  npm run api-key -- create --email E --name N --scopes send,read[,lists,admin] [--expires-days D] [--test]
  npm run api-key -- revoke --email E --name N`;

function fail(sentence: string, code = 1): never {
  console.error(sentence);
  process.exit(code);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        scopes: { type: "string" },
        "expires-days": { type: "string" },
        test: { type: "boolean" },
      },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
  }
})();
const command = positionals[0];
if ((command !== "create" && command !== "revoke") || !values.email || !values.name) fail(USAGE, 2);

let env;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}

let stop = async () => {};
if (!env.DATABASE_URL) {
  const dataDir = path.join(path.resolve(env.TUMA_DATA_DIR), "pg");
  // Never a new, empty cluster: its users come from the console's first start.
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION")))
    fail(`There is no database in ${dataDir} yet: start Tuma once with \`npm start\` (or set DATABASE_URL).`);
  const server = await startEmbeddedPostgres({
    dataDir,
    port: env.EMBEDDED_PG_PORT,
    persistent: true,
  }).catch((error: unknown) => fail(`Cannot open the database: ${error instanceof Error ? error.message : error}`));
  process.env.DATABASE_URL = server.serverUrl("tuma");
  if (!server.adopted) {
    stop = server.stop;
    const { applyMigrations } = await import("@/lib/db/migrator");
    await applyMigrations(process.env.DATABASE_URL);
  }
}

const { db } = await import("@/lib/db/client");
const { closePool } = await import("@/lib/db/pool");
const { isAppError } = await import("@/lib/errors/app-error");
let key: string | null = null;
let code = 0;
try {
  const user = await db.user.findUnique({ where: { email: values.email.trim().toLowerCase() }, select: { id: true } });
  if (!user) throw new Error(`There is no user with the email ${values.email}.`);
  if (command === "create") {
    const { createApiKey } = await import("@/lib/api-keys/create-api-key");
    const created = await createApiKey(
      user.id,
      {
        name: values.name,
        scopes: values.scopes ?? "",
        expiresInDays: values["expires-days"],
        mode: values.test ? "test" : "live",
      },
      user.id,
    );
    console.log(
      `Created the API key “${values.name}” (${created.prefix}…)${created.expiresAt ? `, valid until ${created.expiresAt.toISOString()}` : ""}. It is shown once, on the next line:`,
    );
    key = created.key;
  } else {
    const { revokeApiKey } = await import("@/lib/api-keys/revoke-api-key");
    await revokeApiKey(user.id, { name: values.name.trim() }, user.id);
    console.log(`Revoked the API key “${values.name}”: it is refused from its next request.`);
  }
} catch (error) {
  code = 1;
  const { ZodError } = await import("zod");
  if (error instanceof ZodError) console.error(error.issues.map((issue) => issue.message).join("\n"));
  else if (isAppError(error) || error instanceof Error) console.error(error.message);
  else console.error(String(error));
} finally {
  await closePool().catch(() => {});
  await db.$disconnect().catch(() => {});
  await stop();
}
// Last, alone on its line: `… | tail -n 1` is the key.
if (key) console.log(key);
process.exit(code);
