// Saved message bodies: list, create, update, delete. Each change is audited in the transaction that makes it; a
// name is unique per kind (the database says so, and a clash is a field error, found by Prisma's code).
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { TemplateInput } from "./template-schema";

export type SavedTemplate = {
  id: string;
  name: string;
  kind: "SMS" | "VOICE";
  body: string;
  updatedAt: Date;
  author: string | null;
};

export async function listTemplates(): Promise<SavedTemplate[]> {
  const rows = await db.template.findMany({
    orderBy: [{ name: "asc" }, { kind: "asc" }],
    select: { id: true, name: true, kind: true, body: true, updatedAt: true, author: { select: { name: true } } },
  });
  return rows.map(({ author, ...row }) => ({ ...row, author: author?.name ?? null }));
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
      const created = await tx.template.create({ data: { ...input, authorId: actorId }, select: { id: true } });
      await recordAudit(
        {
          actorId,
          action: "template.create",
          targetType: "Template",
          targetId: created.id,
          detail: { name: input.name, kind: input.kind },
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
      const { count } = await tx.template.updateMany({ where: { id }, data: input });
      if (count === 0) throw new AppError("NOT_FOUND", "That template no longer exists.");
      await recordAudit(
        {
          actorId,
          action: "template.update",
          targetType: "Template",
          targetId: id,
          detail: { name: input.name, kind: input.kind },
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
