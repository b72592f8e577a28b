// The export permission (issue 35): admins and operators by their role, a viewer only when an administrator grants it;
// granting and taking back are audited, and an operator's or administrator's "grant" is refused with a sentence.
import { expect, test } from "vitest";
import { canExport } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { isAppError } from "@/lib/errors/app-error";
import { setExportGrant } from "./set-export-grant";

const user = (role: "ADMIN" | "OPERATOR" | "VIEWER") =>
  db.user.create({
    data: { email: `${role}-${Math.random().toString(36).slice(2)}@t.test`, name: role, passwordHash: "x", role },
  });
const actorOf = (u: {
  id: string;
  email: string;
  name: string;
  role: "ADMIN" | "OPERATOR" | "VIEWER";
  exportGranted: boolean;
}) => ({
  ...u,
  mustChangePassword: false,
});

test("a viewer exports only once an administrator allows it; both changes are audited", async () => {
  const [admin, operator, viewer] = [await user("ADMIN"), await user("OPERATOR"), await user("VIEWER")];
  expect([admin, operator, viewer].map((u) => canExport(actorOf(u)))).toEqual([true, true, false]);
  await setExportGrant(viewer.id, true, admin.id);
  expect(canExport(actorOf(await db.user.findUniqueOrThrow({ where: { id: viewer.id } })))).toBe(true);
  await setExportGrant(viewer.id, true, admin.id); // no change, no second audit event
  await setExportGrant(viewer.id, false, admin.id);
  expect(canExport(actorOf(await db.user.findUniqueOrThrow({ where: { id: viewer.id } })))).toBe(false);
  const audit = await db.auditEvent.findMany({ where: { targetId: viewer.id }, orderBy: { id: "asc" } });
  expect(audit.map((a) => [a.action, a.actorId])).toEqual([
    ["user.export_grant", admin.id],
    ["user.export_revoke", admin.id],
  ]);
  const refused = await setExportGrant(operator.id, true, admin.id).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(refused) && refused.message).toBe(
    "An operator may export by their role: only a viewer's export is granted.",
  );
});
