// `npm run test:deploy` (opt-in, never part of `npm test`): Tuma built into its image and run from compose.yaml, for
// real (README.md, "Deploy"; BENCHMARKS.md, "Deploy"). It builds the image (the host's extra CA and proxy passed as
// build arguments), starts the stack under a project of its own with the console published on loopback only, waits
// for health, logs in over HTTP, sends batches to the sandbox through the API and sees them delivered, kills the
// worker container with requests in flight and starts it again (nothing lost, nothing sent twice), restarts
// PostgreSQL mid-batch (the batch completes), brings the stack down and up (data kept), and prints one summary line.
// Traffic stays on loopback and the stack's bridge network; the project and its volumes are removed at the end.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { logInOverHttp } from "@/test/http-log-in";
import { containerState, Project, run, until } from "./deploy-test/docker";
import { sandboxControl, type SandboxMessage } from "./deploy-test/sandbox-control";

const root = path.resolve(import.meta.dirname, "..");
const image = process.env.TUMA_TEST_IMAGE ?? "tuma:test-deploy";
const say = (line: string) => process.stdout.write(`test:deploy: ${line}\n`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The CA a proxy that inspects HTTPS signs with: a file named here, or the ones added to this machine's store. */
function extraCaCerts(): string {
  const named = process.env.TUMA_BUILD_CA_FILE ?? process.env.NODE_EXTRA_CA_CERTS;
  if (named && fs.existsSync(named) && !named.endsWith("ca-certificates.crt")) return fs.readFileSync(named, "utf8");
  const local = "/usr/local/share/ca-certificates";
  if (!fs.existsSync(local)) return "";
  return fs
    .readdirSync(local)
    .filter((name) => name.endsWith(".crt"))
    .map((name) => fs.readFileSync(path.join(local, name), "utf8"))
    .join("\n");
}

async function buildImage(workDir: string): Promise<number> {
  await run("bash", [path.join(root, "deploy", "make-base-images.sh")]);
  const args = ["build", "-t", image];
  const ca = extraCaCerts();
  if (ca) args.push("--build-arg", `EXTRA_CA_CERT=${ca}`);
  for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"])
    if (process.env[name]) args.push("--build-arg", `${name}=${process.env[name]}`);
  const started = performance.now();
  const { stdout } = await run("docker", [...args, root]);
  fs.writeFileSync(path.join(workDir, "build.log"), stdout);
  return (performance.now() - started) / 1000;
}

/** Waits for the console container to be healthy; fails at once, with its log, if it stops. */
async function consoleHealthy(project: Project): Promise<void> {
  await until("the console to be healthy", async () => {
    const id = await project.containerOf("console");
    if (!id) return undefined;
    const state = await containerState(id);
    if (state.status === "exited" || state.status === "dead") {
      const { stdout } = await project.compose(["logs", "--no-color", "console"]);
      throw new Error(`The console container stopped:\n${stdout.split("\n").slice(-30).join("\n")}`);
    }
    return state.health === "healthy" ? true : undefined;
  });
}

async function logIn(base: string, email: string, password: string): Promise<string> {
  const session = await logInOverHttp(base, email, password);
  const who = (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: session } })).json()) as {
    user?: { email?: string };
  };
  if (who.user?.email !== email) throw new Error(`The session is not ${email}'s: ${JSON.stringify(who)}`);
  return session;
}

async function sendBatch(base: string, key: string, size: number, offset: number): Promise<string> {
  const recipients = Array.from({ length: size }, (_, i) => ({ phone: `25471${String(offset + i).padStart(7, "0")}` }));
  const answer = await fetch(`${base}/api/v1/batches`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({ templateText: "Tuma deploy test", recipients }),
  });
  const body = (await answer.json()) as { id?: string };
  if (answer.status !== 201 || !body.id)
    throw new Error(`Sending a batch failed (${answer.status}): ${JSON.stringify(body)}`);
  return body.id;
}

/** The batch's state and its messages' states, from the database. */
async function batchStates(project: Project, id: string) {
  const [state = ""] = await project.sql(`SELECT state FROM "Batch" WHERE id = '${id}'`);
  const rows = await project.sql(
    `SELECT state || '=' || count(*) FROM "Message" WHERE "batchId" = '${id}' GROUP BY state`,
  );
  return { state, messages: Object.fromEntries(rows.map((row) => [row.split("=")[0], Number(row.split("=")[1])])) };
}

const completed = (project: Project, id: string) =>
  until(`batch ${id} to complete`, async () => {
    const states = await batchStates(project, id);
    return states.state === "COMPLETED" ? states : undefined;
  });

/** Correlators (message ids) the sandbox accepted more than once, and how many it accepted in all. */
async function acceptedBySandbox(project: Project, ids: Set<string>) {
  const { messages } = await sandboxControl<{ messages: SandboxMessage[] }>(project, "GET", "messages");
  const seen = new Map<string, number>();
  for (const message of messages) {
    const correlator = String(message.correlator);
    if (ids.has(correlator)) seen.set(correlator, (seen.get(correlator) ?? 0) + 1);
  }
  return { accepted: seen.size, duplicates: [...seen.values()].filter((n) => n > 1).length, seen };
}

/** How many messages the sandbox has accepted: it accepts a request's messages before holding its answer. */
async function acceptedTotal(project: Project): Promise<number> {
  return (await sandboxControl<{ total: number }>(project, "GET", "messages?limit=0")).total;
}

/** Waits for the sandbox to accept messages beyond `before` (their answers held); returns how many. */
async function inFlightRequest(project: Project, before: number): Promise<number> {
  return until("a request held in flight at the sandbox", async () => {
    const total = await acceptedTotal(project);
    return total > before ? total - before : undefined;
  });
}

async function main(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-test-deploy-"));
  const buildSeconds = await buildImage(workDir);
  const imageMb = Number((await run("docker", ["image", "inspect", "-f", "{{.Size}}", image])).stdout) / 1e6;
  say(`built ${image} in ${buildSeconds.toFixed(0)} s, ${imageMb.toFixed(0)} MB`);

  // Two lanes, so that a batch of a few thousand is still being sent when the worker is killed.
  const override = path.join(workDir, "compose.test.yaml");
  fs.writeFileSync(override, 'services:\n  worker:\n    environment:\n      WORKER_LANES: "2"\n');
  const email = "deploy@tuma.test";
  const password = `Pw-${randomBytes(12).toString("base64url")}`;
  const project = new Project(
    `tumadeploy${randomBytes(4).toString("hex")}`,
    [path.join(root, "compose.yaml"), override],
    {
      ...process.env,
      TUMA_IMAGE: image,
      TUMA_BIND: "127.0.0.1",
      TUMA_PORT: "",
      POSTGRES_PASSWORD: randomBytes(18).toString("base64url"),
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
    },
  );
  // Interrupted (Ctrl-C, a timeout's SIGTERM): the stack and its volumes are removed all the same.
  const interrupted = async () => {
    await project.compose(["down", "--volumes", "--remove-orphans"]).catch(() => {});
    process.exit(130);
  };
  process.once("SIGINT", () => void interrupted());
  process.once("SIGTERM", () => void interrupted());
  try {
    let started = performance.now();
    await project.compose(["up", "-d", "--no-build"]);
    await consoleHealthy(project);
    const upSeconds = seconds(started);
    const address = (await project.compose(["port", "console", "3000"])).stdout.trim();
    const base = `http://${address}`;
    const log = (await project.compose(["logs", "--no-color", "console"])).stdout;
    for (const line of [
      "Tuma is ready on http://localhost:3000",
      `First login — email: ${email} with the password in ADMIN_PASSWORD (not printed).`,
    ])
      if (!log.includes(line)) throw new Error(`The console's log lacks "${line}":\n${log}`);
    say(`console healthy ${upSeconds} s after up, on ${base}`);

    await logIn(base, email, password);
    const keyOutput = await project.compose([
      "run",
      "--rm",
      "-T",
      "--no-deps",
      "console",
      "api-key",
      "create",
      "--email",
      email,
      "--name",
      "deploy",
      "--scopes",
      "send,read",
    ]);
    const key = keyOutput.stdout.trim().split("\n").at(-1)!.trim();

    // 1. A small batch, delivered.
    const first = await sendBatch(base, key, 5, 0);
    const delivered = await until("the first batch's receipts", async () => {
      const states = await batchStates(project, first);
      return states.messages.DELIVERED === 5 ? states : undefined;
    });
    say(`batch of 5 delivered (${JSON.stringify(delivered.messages)})`);

    // 2. The worker killed with requests in flight, then started again.
    const size = 3000;
    await sandboxControl(project, "POST", "knobs", { holdResponses: true });
    let before = await acceptedTotal(project);
    const second = await sendBatch(base, key, size, 1000);
    const heldAtKill = await inFlightRequest(project, before);
    await run("docker", ["kill", "--signal", "KILL", await project.containerOf("worker")]);
    await sandboxControl(project, "POST", "knobs", { holdResponses: false });
    await project.compose(["start", "worker"]);
    const afterKill = await completed(project, second);
    const ids2 = new Set(await project.sql(`SELECT id FROM "Message" WHERE "batchId" = '${second}'`));
    const sandbox2 = await acceptedBySandbox(project, ids2);
    const unknownNotAccepted = (
      await project.sql(`SELECT id FROM "Message" WHERE "batchId" = '${second}' AND state = 'UNKNOWN'`)
    ).filter((id) => !sandbox2.seen.has(id)).length;
    const lost2 = size - sandbox2.accepted - unknownNotAccepted;
    if (ids2.size !== size || lost2 !== 0 || sandbox2.duplicates !== 0)
      throw new Error(
        `After the worker's kill: ${ids2.size} messages, ${lost2} lost, ${sandbox2.duplicates} sent twice.`,
      );
    say(
      `worker killed with ${heldAtKill} messages' answers held: ${sandbox2.accepted} accepted once, ${afterKill.messages.UNKNOWN ?? 0} left UNKNOWN, 0 lost, 0 duplicates`,
    );

    // 3. PostgreSQL restarted with the batch mid-way.
    await sandboxControl(project, "POST", "knobs", { holdResponses: true });
    before = await acceptedTotal(project);
    const third = await sendBatch(base, key, size, 10_000);
    await inFlightRequest(project, before);
    await project.compose(["restart", "postgres"]);
    await sandboxControl(project, "POST", "knobs", { holdResponses: false });
    const afterRestart = await completed(project, third);
    const ids3 = new Set(await project.sql(`SELECT id FROM "Message" WHERE "batchId" = '${third}'`));
    const sandbox3 = await acceptedBySandbox(project, ids3);
    if (ids3.size !== size || sandbox3.duplicates !== 0)
      throw new Error(`After PostgreSQL's restart: ${ids3.size} messages, ${sandbox3.duplicates} sent twice.`);
    say(`PostgreSQL restarted mid-batch: completed, ${JSON.stringify(afterRestart.messages)}, 0 duplicates`);

    // 4. Down and up: every batch kept.
    const batchesBefore = await project.sql(`SELECT id || ' ' || state FROM "Batch" ORDER BY id`);
    await project.compose(["down"]);
    started = performance.now();
    await project.compose(["up", "-d", "--no-build"]);
    await consoleHealthy(project);
    const restartSeconds = seconds(started);
    const batchesAfter = await project.sql(`SELECT id || ' ' || state FROM "Batch" ORDER BY id`);
    if (batchesAfter.join() !== batchesBefore.join())
      throw new Error(`down && up lost data: ${batchesBefore.length} batches before, ${batchesAfter.length} after.`);
    const base2 = `http://${(await project.compose(["port", "console", "3000"])).stdout.trim()}`;
    await logIn(base2, email, password);

    say(
      `PASS image ${imageMb.toFixed(0)} MB, built in ${buildSeconds.toFixed(0)} s, healthy ${upSeconds} s after up ` +
        `(${restartSeconds} s after down && up); 5 delivered; worker kill: ${size} recipients, 0 lost, 0 duplicates; ` +
        `PostgreSQL restart: batch completed; down && up: ${batchesAfter.length} batches kept`,
    );
  } finally {
    await project.compose(["down", "--volumes", "--remove-orphans"]).catch((error: unknown) => say(String(error)));
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`test:deploy: FAIL ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
