// Saved message bodies: list, create, update, delete. Each change is audited in the transaction that makes it; a
// name is unique per kind (the database says so, and a clash is a field error, found by Prisma's code). Its texts in
// other languages are stored whole in Template.variants, as a batch's are (migration language_variants says why a
// JSON column, not a table), and its events name the languages a save added, changed or removed (variant-changes.ts).
import "server-only";
import type { LanguageVariant } from "@/lib/compose/language-variants";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TemplateInput } from "./template-schema";
import { storedVariants, variantChanges } from "./variant-changes";

export type SavedTemplate = {
  id: string;
  name: string;
  kind: "SMS" | "VOICE";
  body: string;
  /** Its texts in other languages, in the order saved; empty: one text for everyone. */
  variants: LanguageVariant[];
  updatedAt: Date;
  author: string | null;
};

export async function listTemplates(): Promise<SavedTemplate[]> {
  const rows = await db.template.findMany({
    orderBy: [{ name: "asc" }, { kind: "asc" }],
    select: {
      ...{ id: true, name: true, kind: true, body: true, variants: true, updatedAt: true },
      author: { select: { name: true } },
    },
  });
  return rows.map(({ author, variants, ...row }) => ({
    ...row,
    variants: storedVariants(variants),
    author: author?.name ?? null,
  }));
}

/** The row's fields: the variants as the schema read them, a voice language only for voice; none is null. */
function templateData(input: TemplateInput) {
  const variants = (input.variants ?? []).map((v) => ({
    language: v.language,
    text: v.text,
    voiceLanguage: input.kind === "VOICE" ? (v.voiceLanguage ?? null) : null,
  }));
  return {
    data: {
      name: input.name,
      kind: input.kind,
      body: input.body,
      variants: variants.length ? variants : Prisma.DbNull,
    },
    variants,
  };
}

const nameTaken = (error: unknown, input: TemplateInput) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "P2002"
    ? new AppError(
        "CONFLICT",
        `There is already an ${input.kind === "SMS" ? "SMS" : "voice"} template named “${input.name}”.`,
        { name: ["Choose another name."] },
      )
    : error;

export async function createTemplate(input: TemplateInput, actorId: string): Promise<string> {
  try {
    return await db.$transaction(async (tx) => {
      const { data, variants } = templateData(input);
      const created = await tx.template.create({ data: { ...data, authorId: actorId }, select: { id: true } });
      await recordAudit(
        {
          actorId,
          action: "template.create",
          targetType: "Template",
          targetId: created.id,
          detail: { name: input.name, kind: input.kind, variants: variantChanges([], variants) },
        },
        tx,
      );
      return created.id;
    });
  } catch (error) {
    throw nameTaken(error, input);
  }
}

export async function updateTemplate(id: string, input: TemplateInput, actorId: string): Promise<void> {
  try {
    await db.$transaction(async (tx) => {
      // Locked until the commit: the variants compared are the ones this save replaces.
      const before = await tx.$queryRaw<{ variants: unknown }[]>`
        SELECT variants FROM "Template" WHERE id = ${id}::uuid FOR UPDATE`;
      if (before.length === 0) throw new AppError("NOT_FOUND", "That template no longer exists.");
      const { data, variants } = templateData(input);
      await tx.template.update({ where: { id }, data, select: { id: true } });
      await recordAudit(
        {
          actorId,
          action: "template.update",
          targetType: "Template",
          targetId: id,
          detail: {
            ...{ name: input.name, kind: input.kind },
            variants: variantChanges(storedVariants(before[0]!.variants), variants),
          },
        },
        tx,
      );
    });
  } catch (error) {
    throw nameTaken(error, input);
  }
}

export async function deleteTemplate(id: string, actorId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    // The name is kept in the event: once the row is gone, the log is the only place that can still say which one.
    const template = await tx.template.findUnique({ where: { id }, select: { name: true, kind: true } });
    const deleted = await tx.template.deleteMany({ where: { id } });
    if (!template || deleted.count === 0) throw new AppError("NOT_FOUND", "That template no longer exists.");
    await recordAudit(
      {
        actorId,
        action: "template.delete",
        targetType: "Template",
        targetId: id,
        detail: { name: template.name, kind: template.kind },
      },
      tx,
    );
  });
}
