"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { createBatch } from "@/lib/dispatch/create-batch";
import { AppError } from "@/lib/errors/app-error";

const formSchema = z.object({
  kind: z.enum(["SMS", "VOICE"]),
  accountId: z.uuid("Choose a provider account."),
  name: z.string(),
  message: z.string(),
  sender: z.string().optional(),
  originator: z.string().optional(),
  voice: z.enum(["1", "2"]).optional(),
  repeat: z.coerce.number().int().optional(),
  recipients: z.string(),
  scheduledAt: z.string().optional(),
});

/** Compose → a batch. Numbers may be separated by commas, spaces, semicolons or new lines. */
export async function createBatchAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await authorizedAction(canSend, async (actor) => {
    const parsed = formSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new AppError("INVALID_INPUT", parsed.error.issues[0]?.message ?? "Check the form.");
    const input = parsed.data;
    const phones = input.recipients.split(/[\s,;]+/).map((phone) => phone.trim()).filter(Boolean);
    const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
    if (scheduledAt && Number.isNaN(scheduledAt.getTime())) throw new AppError("INVALID_INPUT", "The schedule is not a valid date.", { scheduledAt: ["Not a valid date."] });
    const created = await createBatch({
      kind: input.kind,
      accountId: input.accountId,
      authorId: actor.id,
      name: input.name,
      templateText: input.message,
      sender: input.sender || null,
      originator: input.originator || null,
      voice: input.voice === "2" ? 2 : 1,
      repeat: input.repeat ?? 1,
      scheduledAt,
      recipients: phones.map((phone) => ({ phone })),
    });
    return { ok: true, message: `Batch created with ${created.recipients} recipient(s).`, redirectTo: `/batches/${created.id}` };
  });
  if (result.ok && result.redirectTo) redirect(result.redirectTo);
  return result;
}
