// An administrator sets the duplicate-send guard's window (lib/batches/duplicate-guard.ts): stored on the one
// "Organisation" row and audited with the hours before and after, in one transaction.
import "server-only";
import { z } from "zod";
import { recordOrganisationAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";

/** The window an administrator may choose, in hours: an hour to thirty days. */
export const DUPLICATE_WINDOW_MIN_HOURS = 1;
export const DUPLICATE_WINDOW_MAX_HOURS = 720;

export const duplicateWindowSchema = z.object({
  hours: z.coerce
    .number({ error: "Give the window in whole hours." })
    .int("Give the window in whole hours.")
    .min(DUPLICATE_WINDOW_MIN_HOURS, `At least ${DUPLICATE_WINDOW_MIN_HOURS} hour.`)
    .max(DUPLICATE_WINDOW_MAX_HOURS, `At most ${DUPLICATE_WINDOW_MAX_HOURS} hours (30 days).`),
});

export async function setDuplicateWindow(hours: number, actorId: string): Promise<{ changed: boolean }> {
  return db.$transaction(async (tx) => {
    const before = await tx.organisation.findUnique({ where: { id: 1 }, select: { duplicateWindowHours: true } });
    if (before?.duplicateWindowHours === hours) return { changed: false };
    await tx.organisation.upsert({
      where: { id: 1 },
      create: { id: 1, duplicateWindowHours: hours },
      update: { duplicateWindowHours: hours },
    });
    await recordOrganisationAudit(
      actorId,
      "organisation.duplicate_window",
      { hours: { from: before?.duplicateWindowHours ?? null, to: hours } },
      tx,
    );
    return { changed: true };
  });
}
