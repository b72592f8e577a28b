import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { setUserDisabled } from "./set-user-disabled";

const seed = (role: "ADMIN" | "OPERATOR") =>
  db.user.create({
    data: { email: `${role}-${randomBytes(4).toString("hex")}@test.local`, name: role, role, passwordHash: "x" },
    select: { id: true },
  });

test("disabling a user ends their sessions (re-enabling does not revive old tokens) and is audited", async () => {
  const admin = await seed("ADMIN");
  const operator = await seed("OPERATOR");
  await setUserDisabled(operator.id, true, admin.id);
  let row = await db.user.findUniqueOrThrow({
    where: { id: operator.id },
    select: { disabledAt: true, sessionVersion: true },
  });
  expect(row.disabledAt).toBeInstanceOf(Date);
  expect(row.sessionVersion).toBe(1);

  await setUserDisabled(operator.id, false, admin.id);
  row = await db.user.findUniqueOrThrow({
    where: { id: operator.id },
    select: { disabledAt: true, sessionVersion: true },
  });
  expect(row.disabledAt).toBeNull();
  expect(row.sessionVersion).toBe(1); // still not the version old tokens carry

  const audit = await db.auditEvent.findMany({
    where: { targetId: operator.id },
    orderBy: { id: "asc" },
    select: { action: true, actorId: true },
  });
  expect(audit).toEqual([
    { action: "user.disable", actorId: admin.id },
    { action: "user.enable", actorId: admin.id },
  ]);
});

test("an administrator cannot disable themselves", async () => {
  const admin = await seed("ADMIN");
  await expect(setUserDisabled(admin.id, true, admin.id)).rejects.toThrow("You cannot disable your own account.");
});
