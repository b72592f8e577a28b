// The audit log is append-only in the database itself (issue 42, item 10; migration receipt_trust_and_audit_guard):
// as the application's role, UPDATE, DELETE and TRUNCATE of "AuditEvent" are refused with a sentence, and the event
// is unchanged; inserting and reading go on as before. Deleting a user who acted is refused too (their events' actor
// would be rewritten to nobody): users are disabled, never deleted.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { recordAudit } from "./record-audit";

const refusal = (sql: string, values: unknown[] = []) =>
  pool()
    .query(sql, values)
    .then(
      () => null,
      (error: unknown) => (error as Error).message,
    );

test("UPDATE, DELETE and TRUNCATE of audit events are refused; the event stays as written", async () => {
  const user = await db.user.create({
    data: { email: "auditor@example.com", name: "Auditor", role: "ADMIN", passwordHash: "x" },
  });
  await recordAudit({
    actorId: user.id,
    action: "user.update",
    targetType: "User",
    targetId: user.id,
    detail: { a: 1 },
  });
  const { rows } = await pool().query<{ id: string }>(`SELECT id::text FROM "AuditEvent" WHERE "actorId" = $1`, [
    user.id,
  ]);
  const id = rows[0]!.id;

  expect(await refusal(`UPDATE "AuditEvent" SET action = 'user.create' WHERE id = $1`, [id])).toBe(
    'The audit log is append-only: UPDATE on "AuditEvent" is refused.',
  );
  expect(await refusal(`DELETE FROM "AuditEvent" WHERE id = $1`, [id])).toBe(
    'The audit log is append-only: DELETE on "AuditEvent" is refused.',
  );
  expect(await refusal(`TRUNCATE "AuditEvent"`)).toBe(
    'The audit log is append-only: TRUNCATE on "AuditEvent" is refused.',
  );
  // Through Prisma as well (the same role, the same trigger).
  await expect(db.auditEvent.deleteMany({})).rejects.toThrow(/append-only/);
  // Deleting the user would set the event's actor to null: refused, the user and the event stay.
  expect(await refusal(`DELETE FROM "User" WHERE id = $1`, [user.id])).toMatch(/append-only: UPDATE/);

  const after = await pool().query(`SELECT action, "actorId", detail FROM "AuditEvent" WHERE id = $1`, [id]);
  expect(after.rows).toEqual([{ action: "user.update", actorId: user.id, detail: { a: 1 } }]);
  expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  // Appending still works.
  await recordAudit({ actorId: user.id, action: "user.disable", targetType: "User", targetId: user.id });
  expect(await db.auditEvent.count({ where: { actorId: user.id } })).toBe(2);
});
