"use server";

import { redirect } from "next/navigation";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { cancelBatch, pauseBatch, resumeBatch } from "@/lib/dispatch/batch-state";
import { resendBatch } from "@/lib/dispatch/resend";
import { AppError } from "@/lib/errors/app-error";

export async function pauseAction(batchId: string): Promise<ActionResult> {
  return authorizedAction(canSend, async (actor) => {
    if (!(await pauseBatch(batchId, "Paused by an operator.", actor.id))) throw new AppError("CONFLICT", "Only a sending, queued or scheduled batch can be paused.");
    return { ok: true, message: "Paused. Requests already in flight finish; nothing new is sent." };
  });
}

export async function resumeAction(batchId: string): Promise<ActionResult> {
  return authorizedAction(canSend, async (actor) => {
    if (!(await resumeBatch(batchId, actor.id))) throw new AppError("CONFLICT", "Only a paused batch can be resumed.");
    return { ok: true, message: "Resumed." };
  });
}

export async function cancelAction(batchId: string): Promise<ActionResult> {
  return authorizedAction(canSend, async (actor) => {
    const cancelled = await cancelBatch(batchId, actor.id);
    if (cancelled === null) throw new AppError("CONFLICT", "This batch has already finished.");
    return { ok: true, message: `Cancelled: ${cancelled.toLocaleString()} recipient(s) will not be sent.` };
  });
}

export async function resendAction(batchId: string, scope: { unknown: boolean; failed: boolean; noReceipt: boolean }): Promise<ActionResult> {
  const result = await authorizedAction(canSend, async (actor) => {
    if (!scope.unknown && !scope.failed && !scope.noReceipt) throw new AppError("INVALID_INPUT", "Choose which recipients to resend to.");
    const created = await resendBatch(batchId, scope, actor.id);
    return { ok: true, message: `Resending to ${created.recipients} recipient(s).`, redirectTo: `/batches/${created.id}` };
  });
  if (result.ok && result.redirectTo) redirect(result.redirectTo);
  return result;
}
