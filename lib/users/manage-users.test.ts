// Managing users against a real database: the last active administrator is kept (also against two admins demoting
// each other at once), one-time passwords must be replaced, resets and password changes end sessions, all audited.
import { randomBytes } from "node:crypto";
import { beforeEach, expect, test } from "vitest";
import { PAIR_POLICY } from "@/lib/auth/login-throttle";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import { refusal } from "@/test/upload-helpers";
import { checkCurrentPassword } from "@/lib/auth/check-current-password";
import { changeOwnPassword } from "./change-own-password";
import { changeRole } from "./change-role";
import { createUser } from "./create-user";
import { resetPassword } from "./reset-password";
import { setUserDisabled } from "./set-user-disabled";
import { PASSWORD_MAX } from "@/lib/auth/password-rules";
import { changePasswordSchema, newUserSchema } from "./user-schemas";

// Each test decides who the administrators are.
beforeEach(async () => {
  await db.user.updateMany({ where: { role: "ADMIN" }, data: { role: "VIEWER" } });
});

const seed = async (role: "ADMIN" | "OPERATOR" | "VIEWER", password = "x") =>
  db.user.create({
    data: {
      email: `${role}-${randomBytes(4).toString("hex")}@test.local`,
      name: role,
      role,
      passwordHash: password === "x" ? "x" : await hashPassword(password),
    },
    select: { id: true, email: true },
  });

test("the last active administrator can be neither demoted nor disabled; with a second one both work", async () => {
  const only = await seed("ADMIN");
  const other = await seed("OPERATOR");
  expect((await refusal(changeRole(only.id, "OPERATOR", only.id))).code).toBe("CONFLICT");
  expect((await refusal(setUserDisabled(only.id, true, other.id))).message).toMatch(/last active administrator/);
  expect((await db.user.findUniqueOrThrow({ where: { id: only.id } })).role).toBe("ADMIN");

  await changeRole(other.id, "ADMIN", only.id);
  await changeRole(only.id, "VIEWER", other.id);
  expect((await db.user.findUniqueOrThrow({ where: { id: only.id } })).role).toBe("VIEWER");
  const audit = await db.auditEvent.findMany({
    where: { targetId: only.id, action: "user.update" },
    select: { detail: true },
  });
  expect(audit.map((a) => a.detail)).toEqual([{ role: { from: "ADMIN", to: "VIEWER" } }]);
});

test("two administrators demoting each other at the same moment leave one administrator", async () => {
  const a = await seed("ADMIN");
  const b = await seed("ADMIN");
  const outcomes = await Promise.allSettled([changeRole(a.id, "OPERATOR", b.id), changeRole(b.id, "OPERATOR", a.id)]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
  expect(await db.user.count({ where: { role: "ADMIN", disabledAt: null } })).toBe(1);
});

test("a new user gets a one-time password that works once and must be replaced; a taken email is refused", async () => {
  const admin = await seed("ADMIN");
  const input = newUserSchema.parse({ email: "Ann@Example.com", name: "Ann", role: "OPERATOR" });
  const { id, password } = await createUser(input, admin.id);
  const user = await db.user.findUniqueOrThrow({ where: { id }, omit: { passwordHash: false } });
  expect(user.email).toBe("ann@example.com");
  expect(user.mustChangePassword).toBe(true);
  expect(await verifyPassword(user.passwordHash, password)).toBe(true);
  expect(password).toHaveLength(18);
  const taken = await refusal(createUser(input, admin.id));
  expect(taken.code).toBe("CONFLICT");
  expect(taken.details).toEqual({ email: ["Already used."] });

  await changeOwnPassword(
    id,
    changePasswordSchema.parse({ current: password, next: "my own long password", repeat: "my own long password" }),
  );
  const changed = await db.user.findUniqueOrThrow({ where: { id }, omit: { passwordHash: false } });
  expect(changed.mustChangePassword).toBe(false);
  expect(changed.sessionVersion).toBe(user.sessionVersion + 1);
  expect(await verifyPassword(changed.passwordHash, "my own long password")).toBe(true);
  expect(await verifyPassword(changed.passwordHash, password)).toBe(false);
  const actions = await db.auditEvent.findMany({
    where: { targetId: id },
    orderBy: { id: "asc" },
    select: { action: true },
  });
  expect(actions.map((a) => a.action)).toEqual(["user.create", "user.password_change"]);
});

test("changing one's password needs the current one; the new one must be long enough and typed twice alike", async () => {
  const user = await seed("OPERATOR", "the current password");
  const error = await refusal(
    changeOwnPassword(user.id, { current: "not it", next: "a new long password", repeat: "a new long password" }),
  );
  expect(error.details).toEqual({ current: ["Wrong password."] });
  const parsed = changePasswordSchema.safeParse({ current: "the current password", next: "short", repeat: "shorter" });
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["next", "At least 12 characters."],
    ["repeat", "The two new passwords differ."],
  ]);
});

test("a password reset ends the user's sessions and asks for a new password; an unknown user is not found", async () => {
  const admin = await seed("ADMIN");
  const user = await seed("VIEWER");
  const { password } = await resetPassword(user.id, admin.id);
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
  expect(row.sessionVersion).toBe(1);
  expect(row.mustChangePassword).toBe(true);
  expect(await verifyPassword(row.passwordHash, password)).toBe(true);
  expect((await refusal(resetPassword("00000000-0000-4000-8000-000000000000", admin.id))).code).toBe("NOT_FOUND");
  expect(
    await db.auditEvent.count({ where: { targetId: user.id, action: "user.password_reset", actorId: admin.id } }),
  ).toBe(1);
});

test("the current-password check is throttled like a log-in, and every wrong one is audited", async () => {
  const user = await seed("OPERATOR", "the current password");
  const change = (current: string) =>
    changeOwnPassword(user.id, { current, next: "a new long password", repeat: "a new long password" });
  for (let i = 0; i < PAIR_POLICY.maxFailures; i++)
    expect((await refusal(change(`guess ${i}`))).message).toBe("The current password is wrong.");
  // Locked now: even the right password is refused, and says for how long.
  const locked = await refusal(change("the current password"));
  expect(locked.message).toBe("Too many wrong passwords. Try again in 15 minute(s).");
  const failures = await db.auditEvent.findMany({
    where: { targetId: user.id, action: "user.password_change_failure" },
    orderBy: { id: "asc" },
    select: { actorId: true, detail: true },
  });
  expect(failures).toHaveLength(PAIR_POLICY.maxFailures);
  expect(failures.every((f) => f.actorId === user.id)).toBe(true);
  expect(failures.at(-1)!.detail).toEqual({ reason: "wrong current password", locked: true });
  expect(await db.auditEvent.count({ where: { targetId: user.id, action: "user.password_change" } })).toBe(0);
});

test("no password is accepted longer than 256 characters: current, new or repeated", () => {
  const [long, longer] = ["x".repeat(PASSWORD_MAX + 1), "y".repeat(PASSWORD_MAX + 1)];
  const parsed = changePasswordSchema.safeParse({ current: long, next: longer, repeat: longer });
  expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["current", "At most 256 characters."],
    ["next", "At most 256 characters."],
    ["repeat", "At most 256 characters."],
  ]);
  const atTheCap = "y".repeat(PASSWORD_MAX);
  expect(changePasswordSchema.safeParse({ current: "old one", next: atTheCap, repeat: atTheCap }).success).toBe(true);
});

test("100 wrong current passwords at once: at most the limit reach argon2, the rest are refused with the throttle's sentence", async () => {
  const user = await seed("OPERATOR", "the current password");
  let verifications = 0;
  const check = (hash: string, password: string) => (verifications++, verifyPassword(hash, password));
  const outcomes = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      refusal(checkCurrentPassword(user.id, `guess ${i}`, { check })).then((error) => error.message),
    ),
  );
  expect(verifications).toBeLessThanOrEqual(PAIR_POLICY.maxFailures);
  expect(outcomes.filter((m) => m === "The current password is wrong.")).toHaveLength(verifications);
  expect(outcomes.filter((m) => m === "Too many wrong passwords. Try again in 15 minute(s).")).toHaveLength(
    100 - verifications,
  );
  expect(await db.auditEvent.count({ where: { targetId: user.id, action: "user.password_change_failure" } })).toBe(
    verifications,
  );
});

test("the right current password among wrong ones under the limit is accepted", async () => {
  const user = await seed("OPERATOR", "the current password");
  const tries = [
    ...Array.from({ length: PAIR_POLICY.maxFailures - 1 }, (_, i) => `guess ${i}`),
    "the current password",
  ];
  const outcomes = await Promise.allSettled(tries.map((password) => checkCurrentPassword(user.id, password)));
  expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
});
