// A webhook's signing secret is shown once (docs/api.md, "Idempotency-Key"): the answers to registering an endpoint
// and rotating its secret are kept for replay without the secret, so the API's idempotency table never holds a
// whsec_ in clear, and a replay of the same key answers the rest of the first answer, saying the secret was shown once.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { POST as rotate } from "@/app/api/v1/webhooks/[id]/rotate-secret/route";
import { POST as createWebhook } from "@/app/api/v1/webhooks/route";
import { SECRET_SHOWN_ONCE } from "@/lib/api/secret-shown-once";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { call, keyFor, user } from "./api-client";

let key = "";
beforeAll(async () => {
  key = await keyFor(await user("ADMIN"), ["admin"], "secret-replay");
});

/** Every body the idempotency table keeps. */
async function keptBodies(): Promise<string> {
  const { rows } = await pool().query<{ body: string | null }>(`SELECT body FROM "ApiIdempotency"`);
  return rows.map((row) => row.body ?? "").join("\n");
}

test("registering: the first answer holds the secret, the kept one does not, and a replay says it was shown once", async () => {
  const idempotencyKey = randomUUID();
  const body = { url: "https://93.184.216.34/tuma-hooks", events: ["message.delivered"] };
  const first = await call(createWebhook, { key, body, path: "/webhooks", idempotencyKey });
  expect(first.status).toBe(201);
  const created = (await first.json()) as { endpoint: { id: string }; secret: string };
  expect(created.secret).toMatch(/^whsec_/);

  const kept = await keptBodies();
  expect(kept).toContain(created.endpoint.id);
  expect(kept).not.toContain("whsec_");
  expect(kept).not.toContain(created.secret.slice(6));

  const again = await call(createWebhook, { key, body, path: "/webhooks", idempotencyKey });
  expect(again.status).toBe(201);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(await again.json()).toEqual({ ...created, secret: null, secretShownOnce: SECRET_SHOWN_ONCE });
  expect(await db.webhookEndpoint.count({ where: { url: body.url } })).toBe(1);
});

test("rotating: the same, and the replay rotates nothing", async () => {
  const { endpoint } = (await (
    await call(createWebhook, {
      key,
      body: { url: "https://93.184.216.34/rotated", events: ["batch.completed"] },
      path: "/webhooks",
    })
  ).json()) as { endpoint: { id: string } };
  const idempotencyKey = randomUUID();
  const path = `/webhooks/${endpoint.id}/rotate-secret`;
  const params = { id: endpoint.id };
  const first = await call(rotate, { key, method: "POST", path, params, idempotencyKey });
  expect(first.status).toBe(200);
  const rotated = (await first.json()) as { secret: string; previousSecretValidUntil: string };
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(await keptBodies()).not.toContain("whsec_");
  const sealed = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });

  const again = await call(rotate, { key, method: "POST", path, params, idempotencyKey });
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(await again.json()).toEqual({ ...rotated, secret: null, secretShownOnce: SECRET_SHOWN_ONCE });
  const after = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
  expect(after.secretCiphertext).toBe(sealed.secretCiphertext);
});
