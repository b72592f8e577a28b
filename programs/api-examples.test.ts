// The OpenAPI document's examples against `npm start` as a whole (web, importer, worker, sandbox) on a fresh
// database: a key made with `npm run api-key`, then every documented operation that takes a body sent with its
// example exactly as the document gives it, each answered with success. Operations on a batch use the batch the
// createBatch example made, once the sandbox has answered for its recipients (one of them, by a sandbox knob, as an
// absent subscriber: something for the resend example to resend). Needs the built console (built when stale).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { consoleForFile } from "@/test/console-for-file";
import type { ConsoleProcess } from "@/test/console-process";
import { waitFor } from "@/test/dispatch-harness";
import { freePort } from "@/test/free-port";

const run = promisify(execFile);
const ADMIN = "admin@examples.test";
const SANDBOX_TOKEN = "examples-sandbox-token-0123456789";
const startConsole = consoleForFile("examples");
let console_: ConsoleProcess | undefined;
let sandboxPort = 0;

beforeAll(async () => {
  sandboxPort = await freePort();
  console_ = await startConsole({ SANDBOX_PORT: String(sandboxPort), SANDBOX_TOKEN });
}, 15 * 60_000);

type Operation = {
  requestBody?: { content: Record<string, { example?: unknown }> };
};

test(
  "every documented example works as it is against a fresh start",
  async () => {
    const base = console_!.url;
    const created = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "--conditions=react-server",
        "programs/api-key.ts",
        "create",
        "--email",
        ADMIN,
        "--name",
        "examples",
        "--scopes",
        "send,read,lists,admin",
      ],
      { env: { ...process.env, NODE_OPTIONS: "" } },
    );
    const key = created.stdout.trimEnd().split("\n").at(-1)!;
    // The first administrator logs in once and chooses their own password before their keys are accepted
    // (docs/api.md): a key of a user who must still change a one-time password is refused.
    await pool().query(`UPDATE "User" SET "mustChangePassword" = false WHERE email = $1`, [ADMIN]);
    const documentAnswer = await fetch(`${base}/api/v1/openapi.json`);
    expect(documentAnswer.status).toBe(200);
    const document = (await documentAnswer.json()) as { paths: Record<string, Record<string, Operation>> };

    // The second number of the createBatch example is an absent subscriber: a failure the resend example can resend.
    const knobs = await fetch(`http://127.0.0.1:${sandboxPort}/__sandbox/knobs`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${SANDBOX_TOKEN}` },
      body: JSON.stringify({ statusByPhone: { "254712345679": "AbsentSubscriber" } }),
    });
    expect(knobs.status).toBe(200);

    const send = async (method: string, where: string, contentType: string, example: unknown) => {
      const answer = await fetch(`${base}/api/v1${where}`, {
        method: method.toUpperCase(),
        headers: { authorization: `Bearer ${key}`, "content-type": contentType },
        body: typeof example === "string" ? example : JSON.stringify(example),
      });
      const text = await answer.text();
      return { status: answer.status, text };
    };

    const withBodies = Object.entries(document.paths).flatMap(([where, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.requestBody)
        .map(([method, operation]) => ({ method, where, content: operation.requestBody!.content })),
    );
    expect(withBodies.map((o) => `${o.method} ${o.where}`).sort()).toEqual(
      [
        "post /batches",
        "post /batches/{id}/resend",
        "post /lists",
        "post /messages",
        "post /numbers/{phone}/erase",
        "put /webhooks/allowed-hosts",
        "post /webhooks",
        "patch /webhooks/{id}",
      ].sort(),
    );
    // In the order a reader would follow them: the sink's host allowed before the endpoint that uses it, operations
    // without an id before those on the batch (or endpoint) an earlier example made.
    const rank = (where: string) =>
      where === "/webhooks/allowed-hosts" ? 0 : where === "/webhooks" ? 1 : where.includes("{id}") ? 3 : 2;
    withBodies.sort((a, b) => rank(a.where) - rank(b.where));
    let batchId = "";
    let webhookId = "";
    for (const operation of withBodies) {
      const [contentType, media] = Object.entries(operation.content).find(([, m]) => m.example !== undefined)!;
      if (operation.where.startsWith("/batches/{id}") && batchId)
        await waitFor(
          () =>
            pool()
              .query<{ n: number }>(
                `SELECT count(*)::int AS n FROM "Message" WHERE "batchId" = $1 AND "receiptAt" IS NOT NULL`,
                [batchId],
              )
              .then((r) => r.rows[0]!.n),
          (n) => n === 2,
          120_000,
          "the example batch's receipts",
        );
      const id = operation.where.startsWith("/webhooks/") ? webhookId : batchId;
      const where =
        operation.where.replace("{id}", id).replace("{phone}", "254712345678") +
        (operation.where === "/lists" ? "?filename=example.csv" : "");
      const answer = await send(operation.method, where, contentType, media.example);
      expect(answer.status, `${operation.method} ${operation.where}: ${answer.text}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${operation.method} ${operation.where}: ${answer.text}`).toBeLessThan(300);
      if (operation.where === "/batches") batchId = (JSON.parse(answer.text) as { id: string }).id;
      if (operation.where === "/webhooks")
        webhookId = (JSON.parse(answer.text) as { endpoint: { id: string } }).endpoint.id;
    }
    expect(batchId).not.toBe("");
    expect(webhookId).not.toBe("");
    const batch = await fetch(`${base}/api/v1/batches/${batchId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(batch.status).toBe(200);
  },
  5 * 60_000,
);

test("a method a route does not answer is a 405 in the API's problem shape, with Allow (Next's own is an empty body)", async () => {
  const base = console_!.url;
  const answer = await fetch(`${base}/api/v1/batches`, { method: "DELETE" });
  expect(answer.status).toBe(405);
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  expect(answer.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  expect(await answer.json()).toEqual({
    type: "/api-reference#problem-method_not_allowed",
    code: "method_not_allowed",
    title: "Method Not Allowed",
    status: 405,
    detail: "This address answers GET, POST only; DELETE is not one of them.",
  });
  // A fixed segment is its own route, not an {id}: PUT is allowed-hosts', PATCH is not.
  const hosts = await fetch(`${base}/api/v1/webhooks/allowed-hosts`, { method: "PATCH", body: "{}" });
  expect(hosts.status).toBe(405);
  expect(hosts.headers.get("allow")).toBe("GET, PUT, HEAD, OPTIONS");
  // A method the route answers goes on to it as before (here: no key, so 401).
  expect((await fetch(`${base}/api/v1/batches`, { method: "POST", body: "{}" })).status).toBe(401);
});
