// `npm test`: every runner, real parts throughout, then one closing line "N passed, N failed" (", N skipped" when
// some could not run on this machine — each is named above that line, its name saying why: nothing is skipped
// silently).
//   1. Vitest's "unit" project (unit and integration tests: a throw-away embedded PostgreSQL, the sandbox over HTTP)
//      and Playwright (the built console started as `npm start` would, against its own database, in real Chromium)
//      side by side: each spends much of its time waiting on a database, a sandbox delay or a page, and the other
//      fills those waits (README.md, "Tests"). Their lines come prefixed with the runner's name.
//   2. Vitest's "alone" project, after both, one file at a time on a quiet machine (vitest.config.ts says why).
// `--only unit` or `--only e2e` runs one of them; other arguments go to that runner (a file, a filter).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { buildIfStale } from "@/lib/bootstrap/build";
import { startConsole, type ConsoleProcess } from "@/test/console-process";
import { freePort } from "@/test/free-port";
import { WAIT_BOUND_MS } from "@/test/wait-bound";
import { cloneTemplate, setDatabaseTimeZone, startTestCluster } from "@/test/test-cluster";

type Tally = { passed: number; failed: number; skipped: string[]; crashed: boolean };

const root = process.cwd();
const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
// npm drops the "--" of `npm run test:e2e -- e2e/auth.spec.ts`: every argument that is not `--only <runner>` goes on.
const passThrough = args.filter((arg, i) => arg !== "--" && arg !== "--only" && args[i - 1] !== "--only");
const resultsDir = path.join(root, "test-results");

// A Ctrl-C or a `kill` of this run goes to the runners at work, and the run then ends the way a finished one does:
// the runners' own teardown (Vitest's global setup stops its PostgreSQL) and this file's (the console, the e2e cluster,
// their folders) run before it exits — nothing it started outlives it holding a port or a data folder.
const runners = new Set<ChildProcess>();
let interrupted: NodeJS.Signals | undefined;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, () => {
    interrupted = signal;
    for (const runner of runners) runner.kill(signal);
  });

/** Runs a runner to its end; with a `label`, each line it prints is prefixed with it (two runners share a terminal). */
function run(
  command: string,
  commandArgs: string[],
  env: Record<string, string> = {},
  label?: string,
): Promise<number> {
  if (interrupted) return Promise.resolve(1);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    if (label) {
      prefixLines(child.stdout!, process.stdout, label);
      prefixLines(child.stderr!, process.stderr, label);
    }
    runners.add(child);
    // "close", not "exit": the last lines are through the pipes by then.
    child.on("close", (code) => {
      runners.delete(child);
      resolve(code ?? 1);
    });
  });
}

function prefixLines(from: NodeJS.ReadableStream, to: NodeJS.WritableStream, label: string): void {
  readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => to.write(`${label} │ ${line}\n`));
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** One Vitest run: `name` names its report (test-results/<name>.json); `label` prefixes its lines. */
async function vitest(name: string, vitestArgs: string[], label?: string): Promise<Tally> {
  const output = path.join(resultsDir, `${name}.json`);
  fs.rmSync(output, { force: true });
  const code = await run(
    process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${output}`,
      ...vitestArgs,
    ],
    {},
    label,
  );
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
  }>(output);
  if (!report) return { passed: 0, failed: 0, skipped: [], crashed: true };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((result) => !["passed", "failed"].includes(result.status))
        .map((result) => `${path.relative(root, file.name)} › ${result.fullName}`),
    ),
    crashed: code !== 0 && report.numFailedTests === 0,
  };
}

async function e2e(label?: string): Promise<Tally> {
  const cluster = await startTestCluster();
  const databaseUrl = await cloneTemplate(cluster.serverUrl, "tuma_e2e");
  // Every part in another zone than the organisation's (East Africa Time): the database's sessions default to
  // Auckland, the console runs with TZ=America/New_York, the browser in Tokyo (playwright.config.ts). The pages must
  // show East Africa Time regardless (e2e/time-zone.spec.ts).
  await setDatabaseTimeZone(databaseUrl, "Pacific/Auckland");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-e2e-"));
  // Each role's logged-in browser state, made once per run by e2e/roles.setup.ts: this run's own folder.
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-e2e-roles-"));
  const output = path.join(resultsDir, "e2e.json");
  fs.rmSync(output, { force: true });
  const sandboxToken = randomBytes(24).toString("hex");
  // e2e/webhooks.spec.ts listens here; the console may deliver to it although it is loopback.
  const webhookSinkPort = await freePort();
  let server: ConsoleProcess | undefined;
  try {
    server = await startConsole({
      DATABASE_URL: databaseUrl,
      SANDBOX_PORT: String(await freePort()),
      TUMA_DATA_DIR: dataDir,
      ADMIN_EMAIL: "admin@e2e.test",
      ADMIN_PASSWORD: "e2e-admin-password",
      LOG_LEVEL: "warn",
      // Specs play several clients by sending X-Forwarded-For, as a reverse proxy on this machine would (log-in
      // throttling is per client): the header is believed from loopback only.
      TRUST_PROXY: "1",
      TRUSTED_PROXIES: "127.0.0.1,::1",
      TZ: "America/New_York",
      // Specs that set the sandbox's knobs (its control API needs its token) get the same token below.
      SANDBOX_TOKEN: sandboxToken,
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${webhookSinkPort}`,
      // A wait for a free database connection is a hang guard, as in the unit tests (test/setup.ts says why).
      DATABASE_POOL_TIMEOUT_SECONDS: String(WAIT_BOUND_MS / 1000),
    });
    await run(
      process.execPath,
      ["node_modules/@playwright/test/cli.js", "test", ...(only === "e2e" ? passThrough : [])],
      {
        E2E_BASE_URL: server.url,
        DATABASE_URL: databaseUrl,
        E2E_SANDBOX_TOKEN: sandboxToken,
        E2E_WEBHOOK_SINK_PORT: String(webhookSinkPort),
        E2E_STATE_DIR: stateDir,
      },
      label,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await server?.stop();
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  const report = readJson<{
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  }>(output);
  if (!report) return { passed: 0, failed: 0, skipped: [], crashed: true };
  const { expected, unexpected, flaky } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped: skippedSpecs(report.suites), crashed: false };
}

type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { status: string }[] }[];
};

function skippedSpecs(suites: PlaywrightSuite[], prefix = ""): string[] {
  return suites.flatMap((suite) => {
    const title = prefix ? `${prefix} › ${suite.title}` : suite.title;
    return [
      ...(suite.specs ?? [])
        .filter((spec) => spec.tests.some((test) => test.status === "skipped"))
        .map((spec) => `${title} › ${spec.title}`),
      ...skippedSpecs(suite.suites ?? [], title),
    ];
  });
}

fs.mkdirSync(resultsDir, { recursive: true });
// Both runners start the built console: the browser tests, and the supervision test
// (programs/start-supervision.test.ts).
await buildIfStale(root, () => console.log("Building the console for the tests…"));
const tallies: Tally[] = [];
if (only === "unit") tallies.push(await vitest("unit", passThrough));
else if (only === "e2e") tallies.push(await e2e());
else {
  tallies.push(...(await Promise.all([vitest("unit", ["--project", "unit"], "unit"), e2e("e2e ")])));
  if (!interrupted) tallies.push(await vitest("alone", ["--project", "alone"]));
}
if (interrupted) {
  console.log(`Stopped by ${interrupted}: what this run started is stopped; no totals for an unfinished run.`);
  process.exit(1);
}

const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0) + tallies.filter((t) => t.crashed).length;
const skipped = tallies.flatMap((t) => t.skipped);
if (tallies.some((t) => t.crashed))
  console.log("A test runner did not finish (counted as one failure each); see its output above.");
if (skipped.length > 0) {
  console.log(`Skipped on this machine (${skipped.length}), each saying why:`);
  for (const name of skipped) console.log(`  ${name}`);
}
console.log(`${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
