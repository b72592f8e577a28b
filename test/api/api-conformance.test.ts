// Every operation's real answers checked against the served OpenAPI document — not against the code's own schemas:
// the document is read from GET /api/v1/openapi.json and each answer's body validated with a JSON Schema 2020-12
// validator (ajv; OpenAPI 3.1's dialect) against the schema the document gives for that operation, status and content
// type, errors included. Every documented operation must be exercised here (a new one fails until it is).
process.env.IMPORTER_SECRET = "conformance-importer-secret-0123456789abcdef";
import { randomUUID } from "node:crypto";
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, expect, test } from "vitest";
import { POST as cancel } from "@/app/api/v1/batches/[id]/cancel/route";
import { GET as exportBatch } from "@/app/api/v1/batches/[id]/export/route";
import { GET as messages } from "@/app/api/v1/batches/[id]/messages/route";
import { POST as pause } from "@/app/api/v1/batches/[id]/pause/route";
import { POST as resend } from "@/app/api/v1/batches/[id]/resend/route";
import { POST as resume } from "@/app/api/v1/batches/[id]/resume/route";
import { GET as getBatch } from "@/app/api/v1/batches/[id]/route";
import { GET as listBatches, POST as createBatch } from "@/app/api/v1/batches/route";
import { DELETE as deleteList, GET as getList } from "@/app/api/v1/lists/[id]/route";
import { POST as uploadList } from "@/app/api/v1/lists/route";
import { GET as getMessage } from "@/app/api/v1/messages/[id]/route";
import { GET as messagesByReference, POST as sendMessage } from "@/app/api/v1/messages/route";
import { POST as eraseNumber } from "@/app/api/v1/numbers/[phone]/erase/route";
import { GET as subjectAccess } from "@/app/api/v1/numbers/[phone]/subject-access/route";
import { GET as openApi } from "@/app/api/v1/openapi.json/route";
import { GET as listDeliveries } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { POST as sendTestEvent } from "@/app/api/v1/webhooks/[id]/test/route";
import { GET as listEvents } from "@/app/api/v1/events/route";
import { POST as rotate } from "@/app/api/v1/webhooks/[id]/rotate-secret/route";
import { DELETE as deleteWebhook, GET as getWebhook, PATCH as updateWebhook } from "@/app/api/v1/webhooks/[id]/route";
import { GET as getHosts, PUT as putHosts } from "@/app/api/v1/webhooks/allowed-hosts/route";
import { POST as replay } from "@/app/api/v1/webhooks/deliveries/[deliveryId]/replay/route";
import { GET as listWebhooks, POST as createWebhook } from "@/app/api/v1/webhooks/route";
import { db } from "@/lib/db/client";
import { startImporter, type Importer } from "@/lib/importer/server";
import { call, defaultAccount, keyFor, user, type Call } from "./api-client";

type Json = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, Json>> };

const ID = "https://tuma.test/openapi.json";
let document: Document;
let ajv: Ajv2020;
let importer: Importer;
let key = "";
const covered = new Set<string>();

beforeAll(async () => {
  importer = await startImporter({ port: 0, secret: process.env.IMPORTER_SECRET! });
  process.env.IMPORTER_URL = importer.url; // read when the first upload is handed on (lib/env.ts, lazily)
  await defaultAccount();
  key = await keyFor(await user("ADMIN"), ["send", "read", "lists", "admin"]);
  document = (await openApi().json()) as Document;
  ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...document, $id: ID });
});
afterAll(() => importer?.close());

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Finds the operation by its id, validates the answer against the document's schema for its status, returns the body. */
async function check<T = Json>(operationId: string, answer: Response, status: number): Promise<T> {
  const found = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.operationId === operationId)
      .map(([method, operation]) => ({ path, method, operation })),
  )[0];
  expect(found, operationId).toBeDefined();
  const text = await answer.text();
  expect(answer.status, `${operationId}: ${text}`).toBe(status);
  const responses = found!.operation.responses as Record<string, { content?: Record<string, unknown> }>;
  const documented = responses[String(status)];
  expect(documented, `${operationId} documents ${status}`).toBeDefined();
  covered.add(operationId);
  if (!documented!.content) {
    expect(text).toBe("");
    return undefined as T;
  }
  const contentType = (answer.headers.get("content-type") ?? "").split(";")[0]!;
  expect(Object.keys(documented!.content), `${operationId} ${status} content type`).toContain(contentType);
  if (!contentType.includes("json")) return text as T;
  const body = JSON.parse(text) as T;
  const ref = `${ID}#/${pointer("paths", found!.path, found!.method, "responses", String(status), "content", contentType, "schema")}`;
  const validate = ajv.compile({ $ref: encodeURI(ref).replace(/#.*/, (hash) => hash) });
  const valid = validate(body);
  expect(validate.errors ?? [], `${operationId} ${status}: ${JSON.stringify(body).slice(0, 400)}`).toEqual([]);
  expect(valid).toBe(true);
  return body;
}

const at = (path: string, options: Omit<Call, "key" | "path"> = {}): Call => ({ key, path, ...options });

test("every operation's answers, successes and problems, match the served document", async () => {
  // Messages and batches.
  const sent = await check<{ messageId: string }>(
    "sendMessage",
    await call(
      sendMessage,
      at("/messages", {
        body: { to: "0712345678", templateText: "Your code is 4711.", reference: "otp-1", metadata: { user: 7 } },
      }),
    ),
    201,
  );
  await check("listMessages", await call(messagesByReference, at("/messages?reference=otp-1&limit=10")), 200);
  await check(
    "getMessage",
    await call(getMessage, at(`/messages/${sent.messageId}`, { params: { id: sent.messageId } })),
    200,
  );
  const created = await check<{ id: string }>(
    "createBatch",
    await call(
      createBatch,
      at("/batches", {
        body: {
          name: "Conformance",
          templateText: "Hello {{name}}, see you at {{time}}.",
          recipients: [
            { phone: "254712345601", fields: { name: "Amina", time: "9:00" } },
            { phone: "254712345602", fields: { name: "Baraka" } },
          ],
          fieldDefaults: { time: "noon" },
          scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      }),
    ),
    201,
  );
  const id = created.id;
  const onBatch = (op: string, options: Omit<Call, "key" | "path"> = {}) =>
    at(`/batches/${id}${op}`, { params: { id }, ...options });
  await check("getBatch", await call(getBatch, onBatch("")), 200);
  await check("listBatches", await call(listBatches, at("/batches?limit=2&kind=SMS")), 200);
  await check("listBatchMessages", await call(messages, onBatch("/messages?limit=1")), 200);
  await check("pauseBatch", await call(pause, onBatch("/pause", { method: "POST" })), 200);
  await check("resumeBatch", await call(resume, onBatch("/resume", { method: "POST" })), 200);
  await check("cancelBatch", await call(cancel, onBatch("/cancel", { method: "POST" })), 200);
  await check("exportBatch", await call(exportBatch, onBatch("/export")), 200);
  // Something to resend: its messages' answers were lost (UNKNOWN).
  await db.message.updateMany({ where: { batchId: id }, data: { state: "UNKNOWN" } });
  await check("resendBatch", await call(resend, onBatch("/resend", { body: { unknown: true } })), 201);

  // Lists, through the importer.
  const upload = new Request("http://127.0.0.1/api/v1/lists?filename=clinic.csv&name=Clinic", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
    body: "phone,name\n254712345678,Amina\n0712345679,Baraka\n12,Short\n",
  });
  const uploaded = await check<{ list: { id: string } }>("uploadList", await uploadList(upload), 201);
  const list = { id: uploaded.list.id };
  await check("getList", await call(getList, at(`/lists/${list.id}`, { params: list })), 200);
  await check("deleteList", await call(deleteList, at(`/lists/${list.id}`, { method: "DELETE", params: list })), 204);

  // Webhooks.
  await check(
    "setWebhookAllowedHosts",
    await call(putHosts, at("/webhooks/allowed-hosts", { method: "PUT", body: { hosts: ["127.0.0.1:8787"] } })),
    200,
  );
  await check("getWebhookAllowedHosts", await call(getHosts, at("/webhooks/allowed-hosts")), 200);
  const registered = await check<{ endpoint: { id: string } }>(
    "createWebhook",
    await call(
      createWebhook,
      at("/webhooks", { body: { url: "http://127.0.0.1:8787/hooks", events: ["message.delivered"] } }),
    ),
    201,
  );
  const endpoint = { id: registered.endpoint.id };
  await check("listWebhooks", await call(listWebhooks, at("/webhooks")), 200);
  await check("getWebhook", await call(getWebhook, at(`/webhooks/${endpoint.id}`, { params: endpoint })), 200);
  await check(
    "updateWebhook",
    await call(
      updateWebhook,
      at(`/webhooks/${endpoint.id}`, { method: "PATCH", params: endpoint, body: { description: "CRM" } }),
    ),
    200,
  );
  await check(
    "rotateWebhookSecret",
    await call(rotate, at(`/webhooks/${endpoint.id}/rotate-secret`, { method: "POST", params: endpoint })),
    200,
  );
  const delivery = await db.webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      eventType: "message.delivered",
      eventId: `msg_${randomUUID()}`,
      payload: { type: "message.delivered", timestamp: new Date().toISOString(), data: {} },
      nextAttemptAt: null,
    },
  });
  await check(
    "listWebhookDeliveries",
    await call(listDeliveries, at(`/webhooks/${endpoint.id}/deliveries?limit=10`, { params: endpoint })),
    200,
  );
  await check(
    "sendWebhookTestEvent",
    await call(sendTestEvent, at(`/webhooks/${endpoint.id}/test`, { method: "POST", params: endpoint })),
    201,
  );
  await check(
    "listEvents",
    await call(listEvents, at(`/events?endpointId=${endpoint.id}&since=2026-01-01T00:00:00Z&limit=10`)),
    200,
  );
  const deliveryId = delivery.id.toString();
  await check(
    "replayWebhookDelivery",
    await call(replay, at(`/webhooks/deliveries/${deliveryId}/replay`, { method: "POST", params: { deliveryId } })),
    201,
  );
  await check(
    "deleteWebhook",
    await call(deleteWebhook, at(`/webhooks/${endpoint.id}`, { method: "DELETE", params: endpoint })),
    204,
  );

  // One number's subject access and erasure (the number sendMessage wrote to above).
  const number = { phone: "0712345678" };
  await check(
    "getNumberSubjectAccess",
    await call(subjectAccess, at("/numbers/0712345678/subject-access", { params: number })),
    200,
  );
  const erasure = { reason: "Asked to be forgotten.", neverContact: false };
  await check(
    "eraseNumber",
    await call(eraseNumber, at("/numbers/0712345678/erase", { params: number, body: { ...erasure, dryRun: true } })),
    200,
  );
  await check(
    "eraseNumber",
    await call(eraseNumber, at("/numbers/0712345678/erase", { params: number, body: erasure })),
    200,
  );

  // Problems, as documented for their operation.
  await check(
    "createBatch",
    await call(createBatch, at("/batches", { body: { templateText: "Hi", recipients: ["1"], sheduledAt: "x" } })),
    400,
  );
  await check("getBatch", await call(getBatch, at(`/batches/${randomUUID()}`, { params: { id: randomUUID() } })), 404);
  await check("cancelBatch", await call(cancel, onBatch("/cancel", { method: "POST" })), 409);
  await check("getBatch", await call(getBatch, { path: `/batches/${id}`, params: { id } }), 401);
  await check(
    "eraseNumber",
    await call(
      eraseNumber,
      at("/numbers/Amina/erase", { params: { phone: "Amina" }, body: { reason: "x", neverContact: false } }),
    ),
    400,
  );
  const readOnly = await keyFor(await user("OPERATOR"), ["read"]);
  await check(
    "createBatch",
    await call(createBatch, {
      key: readOnly,
      path: "/batches",
      body: { templateText: "Hi", recipients: ["254712345601"] },
    }),
    403,
  );
  const idempotencyKey = randomUUID();
  await call(
    createBatch,
    at("/batches", { body: { templateText: "One", recipients: ["254712345601"] }, idempotencyKey }),
  );
  await check(
    "createBatch",
    await call(
      createBatch,
      at("/batches", { body: { templateText: "Two", recipients: ["254712345601"] }, idempotencyKey }),
    ),
    422,
  );

  // Every documented operation was exercised (the document itself is what was read).
  const documented = Object.values(document.paths).flatMap((item) =>
    Object.values(item).map((operation) => String(operation.operationId)),
  );
  expect(documented.filter((operationId) => operationId !== "getOpenApi" && !covered.has(operationId))).toEqual([]);
});
