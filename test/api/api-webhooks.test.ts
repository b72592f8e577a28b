// /api/v1/webhooks through the real handlers and the Webhooks page's services: an administrator's key with the admin
// scope allows a loopback sink, registers an endpoint (the secret once), reads, changes, rotates and deletes it and
// pages its deliveries; a key without the scope, or an operator's, is refused; a loopback URL not allowed is refused
// at the field.
import { beforeAll, expect, test } from "vitest";
import { DELETE as deleteWebhook, GET as getWebhook, PATCH as patchWebhook } from "@/app/api/v1/webhooks/[id]/route";
import { GET as listDeliveries } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { POST as rotate } from "@/app/api/v1/webhooks/[id]/rotate-secret/route";
import { GET as getHosts, PUT as putHosts } from "@/app/api/v1/webhooks/allowed-hosts/route";
import { GET as listWebhooks, POST as createWebhook } from "@/app/api/v1/webhooks/route";
import { db } from "@/lib/db/client";
import { call, keyFor, user } from "./api-client";

let admin = "";
let adminKey = "";
beforeAll(async () => {
  admin = await user("ADMIN");
  adminKey = await keyFor(admin, ["admin", "read"], "webhooks");
});

test("an administrator's key manages an endpoint from allowing its host to deleting it, each step audited", async () => {
  const url = "http://127.0.0.1:8787/tuma-webhooks";
  const refused = await call(createWebhook, { key: adminKey, body: { url, events: ["message.delivered"] } });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(["url"]);

  const hosts = await call(putHosts, { key: adminKey, method: "PUT", body: { hosts: ["127.0.0.1:8787"] } });
  expect(hosts.status).toBe(200);
  expect(await (await call(getHosts, { key: adminKey })).json()).toEqual({ hosts: ["127.0.0.1:8787"] });

  const created = await call(createWebhook, {
    key: adminKey,
    body: { url, events: ["message.delivered", "batch.completed"], description: "CRM" },
  });
  expect(created.status).toBe(201);
  const { endpoint, secret } = (await created.json()) as { endpoint: { id: string; url: string }; secret: string };
  expect(secret).toMatch(/^whsec_/);
  expect(endpoint.url).toBe(url);
  const params = { id: endpoint.id };

  // The secret is in the registration's answer only.
  const read = await call(getWebhook, { key: adminKey, params });
  expect(JSON.stringify(await read.json())).not.toContain(secret);
  const listed = (await (await call(listWebhooks, { key: adminKey })).json()) as { data: { id: string }[] };
  expect(listed.data.map((e) => e.id)).toContain(endpoint.id);

  const changed = await call(patchWebhook, { key: adminKey, method: "PATCH", params, body: { enabled: false } });
  expect(((await changed.json()) as { enabled: boolean }).enabled).toBe(false);
  const rotated = (await (await call(rotate, { key: adminKey, method: "POST", params })).json()) as {
    secret: string;
    previousSecretValidUntil: string;
  };
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(secret);
  expect(Date.parse(rotated.previousSecretValidUntil)).toBeGreaterThan(Date.now());

  const page = await call(listDeliveries, { key: adminKey, params, path: `/webhooks/${endpoint.id}/deliveries` });
  expect(await page.json()).toEqual({ data: [], has_more: false, next_cursor: null });

  expect((await call(deleteWebhook, { key: adminKey, method: "DELETE", params })).status).toBe(204);
  expect((await call(getWebhook, { key: adminKey, params })).status).toBe(404);
  const actions = await db.auditEvent.findMany({
    where: { actorId: admin, action: { startsWith: "webhook." } },
    orderBy: { id: "asc" },
    select: { action: true },
  });
  expect(actions.map((a) => a.action)).toEqual(
    expect.arrayContaining(["webhook.allowed_hosts", "webhook.create", "webhook.delete"]),
  );
});

test("without the admin scope, or as an operator, webhooks are refused with 403", async () => {
  const readOnly = await keyFor(admin, ["read", "send"], "no-admin");
  expect((await call(listWebhooks, { key: readOnly })).status).toBe(403);
  const operatorKey = await keyFor(await user("OPERATOR"), ["read", "send"], "operator");
  expect((await call(listWebhooks, { key: operatorKey })).status).toBe(403);
});
