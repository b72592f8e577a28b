// Templates against a real database: created, updated, deleted, each audited; a name is unique per kind.
import { beforeAll, expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, refusal } from "@/test/upload-helpers";
import { templateSchema } from "./template-schema";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates";

let actorId = "";
beforeAll(async () => {
  actorId = await author();
});

test("a template is saved, edited and deleted, each audited; the same name is refused for the same kind only", async () => {
  const id = await createTemplate({ name: "Reminder", kind: "SMS", body: "Habari {{name}}" }, actorId);
  await createTemplate({ name: "Reminder", kind: "VOICE", body: "Habari" }, actorId);
  const clash = await refusal(createTemplate({ name: "Reminder", kind: "SMS", body: "Other" }, actorId));
  expect(clash.code).toBe("CONFLICT");
  expect(clash.details?.name).toEqual(["Choose another name."]);
  await updateTemplate(id, { name: "Reminder 2", kind: "SMS", body: "Habari {{name}}, karibu" }, actorId);
  expect((await listTemplates()).map((t) => [t.name, t.kind, t.body, t.author])).toEqual([
    ["Reminder", "VOICE", "Habari", "Uploader"],
    ["Reminder 2", "SMS", "Habari {{name}}, karibu", "Uploader"],
  ]);
  await deleteTemplate(id, actorId);
  expect((await refusal(deleteTemplate(id, actorId))).code).toBe("NOT_FOUND");
  expect((await refusal(updateTemplate(id, { name: "x", kind: "SMS", body: "y" }, actorId))).code).toBe("NOT_FOUND");
  const { rows } = await pool().query<{ action: string; targetId: string; detail: { name?: string } }>(
    `SELECT action, "targetId", detail FROM "AuditEvent" WHERE "targetType" = 'Template' ORDER BY id`,
  );
  // The deleted template's last name stays in the log, the only place left that can say which one it was.
  expect(rows.at(-1)?.detail.name).toBe("Reminder 2");
  expect(rows.map((r) => r.action)).toEqual([
    "template.create",
    "template.create",
    "template.update",
    "template.delete",
  ]);
  expect(rows[2]!.targetId).toBe(id);
});

test("the form's schema: a body too long for its kind, and a NUL character, are refused at the field", () => {
  expect(templateSchema.safeParse({ name: "a", kind: "SMS", body: "x".repeat(1601) }).error?.issues[0]?.path).toEqual([
    "body",
  ]);
  expect(templateSchema.safeParse({ name: "a", kind: "VOICE", body: "x".repeat(1601) }).success).toBe(true);
  expect(templateSchema.safeParse({ name: "a", kind: "SMS", body: "a\0b" }).success).toBe(false);
});
