// API keys against a real database through the real /api/v1 handlers: a key works as its user, its last use is
// written (once a minute at most), revocation, expiry and a disabled user each give 401 at the next request, a scope
// the key lacks or a role that may not gives 403, only administrators give the admin scope, and each step is audited.
import { beforeAll, expect, test } from "vitest";
import { GET as getBatch } from "@/app/api/v1/batches/[id]/route";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { touchKey } from "@/lib/api-keys/touch-key";
import { db } from "@/lib/db/client";
import { call, defaultAccount, keyFor, user } from "./api-client";

const body = { templateText: "Hello", recipients: ["254712345678"] };
let operator = "";

beforeAll(async () => {
  await defaultAccount();
  operator = await user("OPERATOR");
});

async function problem(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return (await response.json()) as { status: number; detail: string; errors?: { path: string; message: string }[] };
}

test("a key sends and reads as its user, and its last use is recorded", async () => {
  const key = await keyFor(operator, ["send", "read"], "works");
  const created = await call(createBatch, { key, body });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await db.batch.findUnique({ where: { id }, select: { authorId: true } }))?.authorId).toBe(operator);
  const read = await call(getBatch, { key, path: `/batches/${id}`, params: { id } });
  expect(read.status).toBe(200);
  expect(((await read.json()) as { id: string }).id).toBe(id);
  const row = await db.apiKey.findFirst({ where: { userId: operator, name: "works" } });
  expect(row?.lastUsedAt).toBeInstanceOf(Date);
  expect(row?.hash).not.toContain(key.slice(10));
  expect(key.startsWith(row!.prefix)).toBe(true);
});

test("last use is written at most once a minute per key", async () => {
  const key = await createApiKey(operator, { name: "touch", scopes: ["read"] }, operator);
  const at = Date.now() + 3_600_000; // this process has not written for this key yet
  await touchKey(key.id, at);
  const first = (await db.apiKey.findUnique({ where: { id: key.id } }))!.lastUsedAt;
  await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(0) } });
  await touchKey(key.id, at + 30_000); // within the minute: no write
  expect((await db.apiKey.findUnique({ where: { id: key.id } }))!.lastUsedAt?.getTime()).toBe(0);
  await touchKey(key.id, at + 61_000);
  expect((await db.apiKey.findUnique({ where: { id: key.id } }))!.lastUsedAt!.getTime()).toBeGreaterThan(0);
  expect(first).toBeInstanceOf(Date);
});

test("a revoked key is refused at its next request, and revocation is audited", async () => {
  const key = await keyFor(operator, ["send"], "to-revoke");
  expect((await call(createBatch, { key, body })).status).toBe(201);
  const revoked = await revokeApiKey(operator, { name: "to-revoke" }, operator);
  const refused = await call(createBatch, { key, body });
  expect(refused.status).toBe(401);
  expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
  expect((await problem(refused)).detail).toMatch(/revoked/);
  const audit = await db.auditEvent.findMany({ where: { targetId: revoked.id }, orderBy: { id: "asc" } });
  expect(audit.map((event) => event.action)).toEqual(["api_key.create", "api_key.revoke"]);
});

test("an expired key, an unknown key and no key are refused with 401", async () => {
  const created = await createApiKey(operator, { name: "expiring", scopes: ["send"], expiresInDays: 1 }, operator);
  expect((await call(createBatch, { key: created.key, body })).status).toBe(201);
  await db.apiKey.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const expired = await call(createBatch, { key: created.key, body });
  expect(expired.status).toBe(401);
  expect((await problem(expired)).detail).toMatch(/expired/);
  expect((await call(createBatch, { key: `${created.key}x`, body })).status).toBe(401);
  expect((await call(createBatch, { body })).status).toBe(401);
});

test("a disabled user's keys stop working", async () => {
  const someone = await user("OPERATOR");
  const key = await keyFor(someone, ["send"]);
  expect((await call(createBatch, { key, body })).status).toBe(201);
  await db.user.update({ where: { id: someone }, data: { disabledAt: new Date() } });
  const refused = await call(createBatch, { key, body });
  expect(refused.status).toBe(401);
  expect((await problem(refused)).detail).toMatch(/disabled/);
});

test("a key acts within its scopes and its user's role", async () => {
  const reader = await keyFor(operator, ["read"]);
  const noScope = await call(createBatch, { key: reader, body });
  expect(noScope.status).toBe(403);
  expect((await problem(noScope)).detail).toMatch(/“send” scope/);
  const viewer = await user("VIEWER");
  const viewerKey = await keyFor(viewer, ["send", "read"]);
  const noRole = await call(createBatch, { key: viewerKey, body });
  expect(noRole.status).toBe(403);
  expect((await problem(noRole)).detail).toMatch(/role/);
  expect(await db.batch.count({ where: { authorId: viewer } })).toBe(0);
});

test("only an administrator gives a key the admin scope", async () => {
  await expect(createApiKey(operator, { name: "adm", scopes: ["admin"] }, operator)).rejects.toThrow(/administrator/);
  const admin = await user("ADMIN");
  const created = await createApiKey(admin, { name: "adm", scopes: ["admin", "read"] }, admin);
  expect((await db.apiKey.findUnique({ where: { id: created.id } }))?.scopes).toEqual(["read", "admin"]);
});

test("one live key per name and user; a revoked name can be used again", async () => {
  await keyFor(operator, ["read"], "twice");
  await expect(createApiKey(operator, { name: "twice", scopes: ["read"] }, operator)).rejects.toThrow(/already/);
  await revokeApiKey(operator, { name: "twice" }, operator);
  await expect(keyFor(operator, ["read"], "twice")).resolves.toMatch(/^tuma_live_/);
});

test("a bad field is named in a problem+json answer", async () => {
  const key = await keyFor(operator, ["send"]);
  const refused = await call(createBatch, {
    key,
    body: { recipients: ["254712345678"], templateText: "", kind: "FAX" },
  });
  expect(refused.status).toBe(400);
  const { errors } = await problem(refused);
  expect(errors?.map((error) => error.path).sort()).toEqual(["kind", "templateText"]);
  const noSender = await call(createBatch, { key, body: { ...body, sender: "NOBODY" } });
  expect(noSender.status).toBe(400);
  expect((await problem(noSender)).errors?.[0]?.path).toBe("sender");
});
