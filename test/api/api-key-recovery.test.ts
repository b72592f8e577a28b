// API keys do not outlive the recovery steps (docs/design.md §3): an administrator's password reset and "log out
// everywhere" revoke the user's live keys (each revocation audited, with why), a key of a user who must choose a new
// password is refused with a sentence, one user holds at most MAX_LIVE_KEYS live keys, and an administrator sees and
// revokes anyone's keys while others reach only their own. Through the real /api/v1 handlers and a real database.
import { beforeAll, expect, test } from "vitest";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { createApiKey, MAX_LIVE_KEYS } from "@/lib/api-keys/create-api-key";
import { countLiveKeys, listApiKeys } from "@/lib/api-keys/list-api-keys";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { logOutEverywhere } from "@/lib/users/log-out-everywhere";
import { db } from "@/lib/db/client";
import { resetPassword } from "@/lib/users/reset-password";
import { call, defaultAccount, keyFor, user } from "./api-client";

const body = { templateText: "Hello", recipients: ["254712345678"] };

beforeAll(async () => {
  await defaultAccount();
});

const detail = async (response: Response) => {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return ((await response.json()) as { detail: string }).detail;
};
const revocations = (userId: string) =>
  db.auditEvent.findMany({
    where: { action: "api_key.revoke", detail: { path: ["userId"], equals: userId } },
    select: { actorId: true, detail: true },
  });

test("an administrator's password reset revokes the user's live keys, each revocation audited; the keys get 401", async () => {
  const admin = await user("ADMIN");
  const someone = await user("OPERATOR");
  const keys = [await keyFor(someone, ["send"], "one"), await keyFor(someone, ["send"], "two")];
  await revokeApiKey(someone, { name: "two" }, someone); // already revoked: not revoked again
  const third = await keyFor(someone, ["send"], "three");
  expect(await countLiveKeys(someone)).toBe(2);
  expect((await call(createBatch, { key: third, body })).status).toBe(201);

  const { keysRevoked } = await resetPassword(someone, admin);
  expect(keysRevoked).toBe(2);
  expect(await countLiveKeys(someone)).toBe(0);
  for (const key of [keys[0]!, third]) {
    const refused = await call(createBatch, { key, body });
    expect(refused.status).toBe(401);
    expect(await detail(refused)).toMatch(/revoked/);
  }
  const audit = await revocations(someone);
  expect(audit.filter((event) => event.actorId === admin)).toHaveLength(2);
  expect(
    audit.filter((event) => (event.detail as { reason?: string }).reason === "password reset").map((e) => e.actorId),
  ).toEqual([admin, admin]);
});

test("log out everywhere ends the sessions and revokes the keys, said in the log-out's audit event", async () => {
  const someone = await user("OPERATOR");
  const key = await keyFor(someone, ["send"]);
  const before = (await db.user.findUniqueOrThrow({ where: { id: someone } })).sessionVersion;
  expect(await logOutEverywhere(someone)).toBe(1);
  expect((await db.user.findUniqueOrThrow({ where: { id: someone } })).sessionVersion).toBe(before + 1);
  expect((await call(createBatch, { key, body })).status).toBe(401);
  const logout = await db.auditEvent.findFirst({ where: { action: "auth.logout", actorId: someone } });
  expect(logout?.detail).toEqual({ everywhere: true, keysRevoked: 1 });
  expect((await revocations(someone)).map((event) => event.detail)).toEqual([
    expect.objectContaining({ reason: "log out everywhere" }),
  ]);
});

test("a key of a user who must choose a new password is refused with 403 and a sentence until they have", async () => {
  const someone = await user("OPERATOR");
  const key = await keyFor(someone, ["send"]);
  await db.user.update({ where: { id: someone }, data: { mustChangePassword: true } });
  const refused = await call(createBatch, { key, body });
  expect(refused.status).toBe(403);
  expect(await detail(refused)).toBe(
    "The user this API key belongs to must choose a new password in the console first; the key is refused until they have.",
  );
  expect(await db.batch.count({ where: { authorId: someone } })).toBe(0);
  await db.user.update({ where: { id: someone }, data: { mustChangePassword: false } });
  expect((await call(createBatch, { key, body })).status).toBe(201);
});

test(`at most ${MAX_LIVE_KEYS} live keys per user, with a sentence; a revoked or expired key does not count`, async () => {
  const someone = await user("OPERATOR");
  for (let i = 0; i < MAX_LIVE_KEYS; i++) await keyFor(someone, ["read"], `k${i}`);
  await expect(keyFor(someone, ["read"], "one too many")).rejects.toThrow(
    `This user already has ${MAX_LIVE_KEYS} live API keys, the most one user may hold: revoke one they no longer use first.`,
  );
  await revokeApiKey(someone, { name: "k0" }, someone);
  const expiring = await createApiKey(someone, { name: "soon", scopes: ["read"], expiresInDays: 1 }, someone);
  await db.apiKey.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await expect(keyFor(someone, ["read"], "fits again")).resolves.toMatch(/^tuma_live_/);
  expect(await countLiveKeys(someone)).toBe(MAX_LIVE_KEYS);
});

test("an administrator lists and revokes anyone's keys (audited); another user reaches only their own", async () => {
  const admin = await user("ADMIN");
  const owner = await user("OPERATOR");
  const other = await user("OPERATOR");
  const created = await createApiKey(owner, { name: "theirs", scopes: ["read"] }, owner);
  expect((await listApiKeys(null)).some((key) => key.id === created.id && key.user.id === owner)).toBe(true);
  expect((await listApiKeys(other)).some((key) => key.id === created.id)).toBe(false);
  await expect(revokeApiKey(other, { id: created.id }, other)).rejects.toThrow(/No such key/);
  await revokeApiKey(null, { id: created.id }, admin);
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: created.id } })).revokedAt).toBeInstanceOf(Date);
  expect(await revocations(owner)).toEqual([
    { actorId: admin, detail: { name: "theirs", prefix: created.prefix, userId: owner } },
  ]);
});
