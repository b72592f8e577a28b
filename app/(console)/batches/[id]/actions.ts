"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { cancelBatch } from "@/lib/batches/cancel-batch";
import { pauseBatch } from "@/lib/batches/pause-batch";
import { resendBatch } from "@/lib/batches/resend-batch";
import { resendScopeSchema } from "@/lib/batches/resend-scope";
import { resendPreview, type ResendPreview } from "@/lib/batches/resend-preview";
import { resendUnits, type ResendCost } from "@/lib/batches/resend-units";
import { resumeBatch } from "@/lib/batches/resume-batch";
import { AppError } from "@/lib/errors/app-error";
import { uuidParam } from "@/lib/http/params";
import { formatCount } from "@/lib/numbers/format";

const sendGate = <S extends z.ZodType>(input: S) => ({ allowed: canSend, input });
const batchId = sendGate(uuidParam);

export async function pauseAction(id: string): Promise<ActionResult> {
  return authorizedAction(batchId, id, async (id, actor) => {
    if (!(await pauseBatch(id, "Paused by an operator.", actor.id)))
      throw new AppError("CONFLICT", "Only a sending, queued or scheduled batch can be paused.");
    return { ok: true, message: "Paused. Requests already in flight finish; nothing new is sent." };
  });
}

export async function resumeAction(id: string): Promise<ActionResult> {
  return authorizedAction(batchId, id, async (id, actor) => {
    if (!(await resumeBatch(id, actor.id))) throw new AppError("CONFLICT", "Only a paused batch can be resumed.");
    return { ok: true, message: "Resumed." };
  });
}

export async function cancelAction(id: string): Promise<ActionResult> {
  return authorizedAction(batchId, id, async (id, actor) => {
    const cancelled = await cancelBatch(id, actor.id);
    if (cancelled === null) throw new AppError("CONFLICT", "This batch has already finished.");
    return { ok: true, message: `Cancelled: ${formatCount(cancelled)} recipient(s) will not be sent.` };
  });
}

/** The numbers the resend confirmation shows (or why they cannot be shown). */
export async function resendPreviewAction(id: string): Promise<ResendPreview | ActionResult> {
  let counts: ResendPreview | null = null;
  const result = await authorizedAction(batchId, id, async (id) => {
    counts = await resendPreview(id);
    return { ok: true, message: "" };
  });
  return counts ?? result;
}

const resendInput = z.intersection(z.object({ id: uuidParam }), resendScopeSchema);

/** The resend's confirm step: how many it would take for this scope, and their SMS units. */
export async function resendUnitsAction(
  id: string,
  scope: { unknown: boolean; temporary: boolean; permanent: boolean; noReceipt: boolean },
): Promise<ResendCost | ActionResult> {
  let cost: ResendCost | null = null;
  const result = await authorizedAction(sendGate(resendInput), { id, ...scope }, async ({ id, ...scope }) => {
    cost = await resendUnits(id, scope);
    return { ok: true, message: "" };
  });
  return cost ?? result;
}

export async function resendAction(
  id: string,
  scope: { unknown: boolean; temporary: boolean; permanent: boolean; noReceipt: boolean },
): Promise<ActionResult> {
  const result = await authorizedAction(sendGate(resendInput), { id, ...scope }, async ({ id, ...scope }, actor) => {
    const created = await resendBatch(id, scope, actor.id);
    return {
      ok: true,
      message: `Resending to ${created.recipients} recipient(s).`,
      redirectTo: `/batches/${created.id}`,
    };
  });
  if (result.ok && result.redirectTo) redirect(result.redirectTo);
  return result;
}
