// The first administrator: created once, on a database with no users; a generated password is a one-time password
// (replaced at the first log-in), a password given in ADMIN_PASSWORD is kept as the operator chose it.
import { expect, test } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import { ensureFirstAdmin } from "./first-admin";

test("a generated first password must be changed at first log-in; a chosen one need not; neither is made twice", async () => {
  expect(await db.user.count()).toBe(0);
  const generated = await ensureFirstAdmin({});
  expect(generated).toMatchObject({ email: "admin@tuma.local", created: true });
  // The client never selects password hashes unless asked.
  const admin = await db.user.findUniqueOrThrow({
    where: { email: "admin@tuma.local" },
    select: { role: true, mustChangePassword: true, passwordHash: true },
  });
  expect(admin).toMatchObject({ role: "ADMIN", mustChangePassword: true });
  expect(await verifyPassword(admin.passwordHash, generated.oneTimePassword!)).toBe(true);
  expect(await ensureFirstAdmin({})).toEqual({ email: "admin@tuma.local", created: false, oneTimePassword: null });
  // Audited once, in the transaction that created the user, naming the user by id as every user event does.
  const { id } = await db.user.findUniqueOrThrow({ where: { email: "admin@tuma.local" }, select: { id: true } });
  const events = await db.auditEvent.findMany({ where: { action: "user.create" } });
  expect(events.map((e) => [e.targetType, e.targetId, e.actorId])).toEqual([["User", id, null]]);

  await db.user.deleteMany({});
  const chosen = await ensureFirstAdmin({ ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "a-password-of-my-own" });
  // The chosen password is not handed back: nothing downstream can print it.
  expect(chosen).toEqual({ email: "boss@example.com", created: true, oneTimePassword: null });
  expect(await db.user.findUniqueOrThrow({ where: { email: "boss@example.com" } })).toMatchObject({
    mustChangePassword: false,
  });
});
