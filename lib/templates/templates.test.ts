// Templates against a real database: created, updated, deleted, each audited; a name is unique per kind.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { fieldErrorsOf } from "@/lib/errors/error-shape";
import { author, refusal } from "@/test/upload-helpers";
import { templateSchema } from "./template-schema";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates";

const actorId = await author();

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

test("a template keeps its texts in other languages: saved, read back in order, replaced and removed, each change audited by language", async () => {
  const sw = { language: "Kiswahili", text: "Habari {{name}}, karibu." };
  const input = templateSchema.parse({
    name: "Lugha",
    kind: "VOICE",
    body: "Hello {{name}}, welcome.",
    variants: JSON.stringify([sw, { language: "fr", text: "Bonjour {{name}}.", voiceLanguage: "fr-FR" }]),
  });
  const id = await createTemplate(input, actorId);
  const saved = () => listTemplates().then((all) => all.find((t) => t.id === id)!.variants);
  // The language as a code, whatever spelling was given; a voice language where one was chosen.
  expect(await saved()).toEqual([
    { language: "sw", text: "Habari {{name}}, karibu.", voiceLanguage: null },
    { language: "fr", text: "Bonjour {{name}}.", voiceLanguage: "fr-FR" },
  ]);
  await updateTemplate(
    id,
    templateSchema.parse({
      name: "Lugha",
      kind: "VOICE",
      body: "Hello {{name}}, welcome.",
      variants: [
        { language: "sw", text: "Habari {{name}}, karibu sana." },
        { language: "ki", text: "Wĩ mwega {{name}}." },
      ],
    }),
    actorId,
  );
  expect((await saved()).map((v) => [v.language, v.text])).toEqual([
    ["sw", "Habari {{name}}, karibu sana."],
    ["ki", "Wĩ mwega {{name}}."],
  ]);
  // An SMS template keeps no voice language; no variants at all is stored as none (null).
  await updateTemplate(id, templateSchema.parse({ name: "Lugha", kind: "SMS", body: "Hello.", variants: "" }), actorId);
  expect(await saved()).toEqual([]);
  const { rows: stored } = await pool().query<{ variants: unknown }>(`SELECT variants FROM "Template" WHERE id = $1`, [
    id,
  ]);
  expect(stored[0]!.variants).toBeNull();

  const { rows } = await pool().query<{ action: string; detail: { variants: unknown } }>(
    `SELECT action, detail FROM "AuditEvent" WHERE "targetId" = $1 ORDER BY id`,
    [id],
  );
  expect(rows.map((r) => [r.action, r.detail.variants])).toEqual([
    ["template.create", { added: ["sw", "fr"], changed: [], removed: [] }],
    ["template.update", { added: ["ki"], changed: ["sw"], removed: ["fr"] }],
    ["template.update", { added: [], changed: [], removed: ["sw", "ki"] }],
  ]);
});

test("a template's variants are checked as Compose checks a batch's, each refusal at its field", () => {
  const paths = (variants: unknown, kind: "SMS" | "VOICE" = "SMS") =>
    templateSchema
      .safeParse({ name: "a", kind, body: "Hello", variants })
      .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
  expect(paths([{ language: "Klingon", text: "x" }])).toEqual([
    [
      "variants.0.language",
      "“Klingon” is not a language Tuma knows: give its code (sw, en, …) or its name (Kiswahili, English).",
    ],
  ]);
  expect(paths([{ language: "sw", text: " " }])).toEqual([["variants.0.text", "Write this language's message."]]);
  expect(
    paths([
      { language: "sw", text: "a" },
      { language: "Swahili", text: "b" },
    ]),
  ).toEqual([["variants.1.language", "“sw” has a text already: give each language once."]]);
  expect(paths([{ language: "sw", text: "x".repeat(1601) }])).toEqual([
    ["variants.0.text", "At most 1600 characters."],
  ]);
  expect(paths([{ language: "sw", text: "x".repeat(1601) }], "VOICE")).toBeUndefined();
  expect(paths([{ language: "sw", text: "a", voiceLanguage: "sw" }])).toEqual([
    ["variants.0.voiceLanguage", "A voice language is for voice messages only."],
  ]);
  expect(
    paths(
      Array.from({ length: 11 }, (_, i) => ({
        language: ["sw", "en", "ki", "luo", "luy", "kam", "kln", "guz", "mer", "mas", "so"][i],
        text: "a",
      })),
    ),
  ).toEqual([["variants", "At most 10 languages beside the default."]]);
});

test("a refused variant comes back to the form as its own field's error, and nothing is saved", async () => {
  const parsed = templateSchema.safeParse({
    name: "Refused",
    kind: "SMS",
    body: "Hello",
    variants: JSON.stringify([
      { language: "sw", text: "Habari" },
      { language: "en", text: "a\0b" },
    ]),
  });
  // The key the form's field reads its errors from (components/compose/variant-fields.tsx).
  expect(fieldErrorsOf(parsed.error!)).toEqual({
    "variants.1.text": ["The message contains a NUL character (\\0), which no phone can show: remove it."],
  });
  expect((await listTemplates()).some((t) => t.name === "Refused")).toBe(false);
});
