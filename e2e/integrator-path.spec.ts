// The integrator's path (issue 36, "Done when"), against the running console over real HTTP: an administrator makes a
// key in the console; then, as a hospital's developer would, types are generated from the served
// /api/v1/openapi.json with openapi-typescript and a client written with openapi-fetch is compiled with no cast (tsc,
// strict) and run as its own program: it allows and registers a local receiver, sends a personalised batch of 50 with
// references to the sandbox, and the batch is followed to its end by webhooks alone (each verified with the
// standardwebhooks package, every outcome received once, each matched to its reference), exported (the reference
// column present and agreeing), and 10 bad requests are read by their `code`.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import Papa from "papaparse";
import { Webhook } from "standardwebhooks";
import { startWebhookSink, type WebhookSink } from "../test/webhook-sink";
import { expect, logIn, test } from "./fixtures";

const run = promisify(execFile);
const COUNT = 50;

/** The integrator's program, written against the generated `paths` and `components` only. */
const CLIENT = `
import createClient from "openapi-fetch";
import type { components, paths } from "./tuma-api";

type Problem = components["schemas"]["Problem"];
const [, , command = "", baseUrl = "", key = "", arg = ""] = process.argv;
const client = createClient<paths>({ baseUrl: baseUrl + "/api/v1", headers: { authorization: "Bearer " + key } });

function handle(problem: Problem): string {
  switch (problem.code) {
    case "validation_failed":
      return "fix " + (problem.errors ?? []).map((error) => error.path + " " + error.code).join(", ");
    case "not_found":
      return "missing";
    case "unauthenticated":
      return "log in";
    case "batch_state_conflict":
      return "state";
    case "idempotency_key_reused":
      return "reused key";
    case "invalid_idempotency_key":
      return "bad key";
    default:
      return "other " + problem.code;
  }
}

async function subscribe(host: string, url: string): Promise<unknown> {
  const hosts = await client.GET("/webhooks/allowed-hosts");
  const current: string[] = hosts.data ? hosts.data.hosts : [];
  const saved = await client.PUT("/webhooks/allowed-hosts", { body: { hosts: [...current, host] } });
  if (saved.error) throw new Error(handle(saved.error));
  const created = await client.POST("/webhooks", {
    body: {
      url,
      events: ["batch.started", "message.rejected", "message.suppressed", "message.unknown", "message.failed",
        "message.delivered", "batch.sent", "batch.completed"],
      description: "Integrator path",
    },
  });
  if (created.error) throw new Error(handle(created.error));
  return { secret: created.data.secret ?? "" };
}

async function send(count: number): Promise<unknown> {
  const recipients = Array.from({ length: count }, (_, i) => ({
    phone: "07135" + String(i).padStart(5, "0"),
    fields: { name: "Patient " + i, time: (8 + (i % 9)) + ":00" },
    reference: "appt-" + i,
    metadata: { patientId: "P-" + i, clinic: "Westlands" },
  }));
  const created = await client.POST("/batches", {
    body: { name: "Integrator path", templateText: "Hello {{name}}, see you tomorrow at {{time}}.", recipients },
    headers: { "Idempotency-Key": "integrator-" + Date.now() },
  });
  if (created.error) throw new Error(handle(created.error));
  const messages = (created.data.createdMessages ?? []).map((m) => ({ id: m.id, reference: m.reference ?? "" }));
  return { batchId: created.data.id, messages };
}

async function exportCsv(batchId: string): Promise<unknown> {
  const answer = await client.GET("/batches/{id}/export", { params: { path: { id: batchId } }, parseAs: "text" });
  if (answer.error) throw new Error(handle(answer.error));
  return { csv: answer.data };
}

async function errors(finishedBatchId: string): Promise<unknown> {
  const nobody = "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d";
  const typo = { templateText: "Hi", recipients: ["0712345678"], sheduledAt: "2026-12-01T09:00:00+03:00" };
  const anonymous = createClient<paths>({ baseUrl: baseUrl + "/api/v1" });
  const idem = "integrator-reuse-" + Date.now();
  const answers = [
    await client.POST("/batches", { body: typo }),
    await client.POST("/batches", {
      // The first recipient lacks {{time}}, which the second has (a placeholder nobody has is the template's error).
      body: {
        templateText: "Hello {{name}} at {{time}}",
        recipients: [
          { phone: "0712345678", fields: { name: "A" } },
          { phone: "0712345679", fields: { name: "B", time: "9:00" } },
        ],
      },
    }),
    await client.POST("/batches", {
      body: { templateText: "Hi", recipients: [{ phone: "0712345678", reference: "r".repeat(200) }] },
    }),
    await client.POST("/batches", { body: { templateText: "Hi", recipients: ["12345"] } }),
    await client.GET("/batches/{id}", { params: { path: { id: nobody } } }),
    await client.POST("/batches/{id}/pause", { params: { path: { id: nobody } } }),
    await client.GET("/messages/{id}", { params: { path: { id: "999999999999" } } }),
    await anonymous.GET("/batches"),
    await client.POST("/batches/{id}/pause", { params: { path: { id: finishedBatchId } } }),
    await client.POST("/batches", {
      body: { templateText: "Hi", recipients: ["0712345678"] },
      headers: { "Idempotency-Key": "k".repeat(300) },
    }),
  ];
  await client.POST("/batches", { body: { templateText: "Once", recipients: ["0712345678"] }, headers: { "Idempotency-Key": idem } });
  answers.push(
    await client.POST("/batches", { body: { templateText: "Twice", recipients: ["0712345678"] }, headers: { "Idempotency-Key": idem } }),
  );
  return answers.map((answer) => (answer.error ? handle(answer.error) : "no error"));
}

async function main(): Promise<unknown> {
  switch (command) {
    case "subscribe": {
      const [host = "", url = ""] = arg.split(" ");
      return subscribe(host, url);
    }
    case "send":
      return send(Number(arg));
    case "export":
      return exportCsv(arg);
    case "errors":
      return errors(arg);
    default:
      throw new Error("unknown command " + command);
  }
}

main().then((out) => process.stdout.write(JSON.stringify(out)), (error: unknown) => {
  process.stderr.write(String(error));
  process.exit(1);
});
`;

let sink: WebhookSink;
let dir = "";

test.beforeAll(async () => {
  sink = await startWebhookSink();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-integrator-"));
});

test.afterAll(async () => {
  await sink?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Event = { type: string; data: { batchId: string; messageId?: string; reference?: string | null } };

test("an integrator generates types, compiles a client with no cast, sends 50 with references and follows them by webhooks", async ({
  page,
  seedUser,
}) => {
  const admin = await seedUser("ADMIN");
  await logIn(page, admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Name").fill("Hospital system");
  await page.getByRole("checkbox", { name: /^send/ }).check();
  await page.getByRole("checkbox", { name: /^admin/ }).check();
  await page.getByLabel("Your current password").fill(admin.password);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByLabel("API key", { exact: true }).inputValue();
  expect(key).toMatch(/^tuma_(live|test)_/);
  const origin = new URL(page.url()).origin;

  // Types from the served document; the client compiled (strict, no cast) and emitted as a program of its own.
  const document = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as Parameters<typeof openapiTS>[0];
  fs.writeFileSync(path.join(dir, "tuma-api.d.ts"), astToString(await openapiTS(document)));
  fs.writeFileSync(path.join(dir, "client.ts"), CLIENT);
  expect(CLIENT).not.toMatch(/\bas\b|<any>|: any\b/);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  fs.symlinkSync(path.join(process.cwd(), "node_modules"), path.join(dir, "node_modules"));
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2022", "DOM"],
        types: ["node"],
        skipLibCheck: true,
        outDir: dir,
      },
      files: ["client.ts"],
    }),
  );
  const tsc = path.join(process.cwd(), "node_modules/typescript/bin/tsc");
  const compiled = await run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")]).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(compiled).toBe("");
  const client = async <T>(command: string, arg: string): Promise<T> => {
    const { stdout } = await run(process.execPath, [path.join(dir, "client.js"), command, origin, key, arg]);
    return JSON.parse(stdout) as T;
  };

  const { secret } = await client<{ secret: string }>("subscribe", `${sink.hostPort} ${sink.url}/integrator`);
  expect(secret).toMatch(/^whsec_/);
  const sent = await client<{ batchId: string; messages: { id: string; reference: string }[] }>("send", String(COUNT));
  expect(sent.messages).toHaveLength(COUNT);
  const referenceOf = new Map(sent.messages.map((m) => [m.id, m.reference]));

  // Followed by webhooks alone, to batch.completed: every post verified; each outcome once, with its reference.
  const webhook = new Webhook(secret);
  const ours = (): Event[] =>
    sink.posts
      .filter((post) => post.path === `${new URL(sink.url).pathname}/integrator`)
      .map((post) => webhook.verify(post.body, post.headers) as Event)
      .filter((event) => event.data.batchId === sent.batchId);
  await expect.poll(() => ours().some((event) => event.type === "batch.completed"), { timeout: 180_000 }).toBe(true);
  const events = ours();
  expect(events[0]!.type).toBe("batch.started");
  expect(events.at(-1)!.type).toBe("batch.completed");
  const outcomes = events.filter((event) => event.type.startsWith("message."));
  expect(outcomes).toHaveLength(COUNT);
  expect(new Set(outcomes.map((event) => event.data.messageId)).size).toBe(COUNT);
  for (const event of outcomes) expect(event.data.reference).toBe(referenceOf.get(event.data.messageId!));
  const ids = new Set(sent.batchId ? outcomes.map((event) => event.data.messageId) : []);
  expect(new Set(sent.messages.map((m) => m.id))).toEqual(ids);

  // The export: a reference column, each row's reference the one its message was sent with.
  const { csv } = await client<{ csv: string }>("export", sent.batchId);
  // Parsed as a spreadsheet would: the texts ("Hello Patient 0, see you…") and the metadata JSON are quoted cells
  // with commas in them.
  const parsed = Papa.parse<Record<string, string>>(csv.trimEnd(), { header: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toContain("reference");
  expect(parsed.data).toHaveLength(COUNT);
  for (const row of parsed.data) {
    expect(row.reference).toBe(referenceOf.get(row.correlator!));
    expect(JSON.parse(row.metadata!)).toEqual({
      patientId: "P-" + row.reference!.slice("appt-".length),
      clinic: "Westlands",
    });
  }

  // Ten bad requests (and a reused Idempotency-Key), each read by its code.
  expect(await client<string[]>("errors", sent.batchId)).toEqual([
    "fix sheduledAt unknown_field",
    "fix recipients[0].fields.time missing_field",
    "fix recipients[0].reference over_limit",
    "fix recipients[0] invalid_phone",
    "missing",
    "missing",
    "missing",
    "log in",
    "state",
    "bad key",
    "reused key",
  ]);
  // An unknown path under /api/v1 is problem+json with its code too.
  const unknown = await fetch(`${origin}/api/v1/no-such-thing`, { headers: { authorization: `Bearer ${key}` } });
  expect(unknown.headers.get("content-type")).toBe("application/problem+json");
  expect(((await unknown.json()) as { code: string }).code).toBe("route_not_found");
});
