// An administrator sets the organisation's time zone: checked by Intl (the console formats with it) and by PostgreSQL
// (reports count days in it), stored, audited with the zone before and after — in one transaction.
import "server-only";
import { z } from "zod";
import { recordOrganisationAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { isTimeZone } from "@/lib/time/zone";

export const timeZoneSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .min(1, "Choose a time zone.")
    .refine(isTimeZone, "Not a time zone name: choose one from the list, such as Africa/Nairobi."),
});

export async function setOrgTimeZone(timeZone: string, actorId: string): Promise<{ changed: boolean }> {
  return db.$transaction(async (tx) => {
    const known = await tx.$queryRaw<{ known: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${timeZone}) AS known`;
    if (!known[0]?.known)
      throw new AppError("INVALID_INPUT", `The database does not know the time zone ${timeZone}.`, {
        timeZone: ["The database does not know this zone: choose another name for it."],
      });
    const before = await tx.organisation.findUnique({ where: { id: 1 }, select: { timeZone: true } });
    if (before?.timeZone === timeZone) return { changed: false };
    await tx.organisation.upsert({ where: { id: 1 }, create: { id: 1, timeZone }, update: { timeZone } });
    await recordOrganisationAudit(
      actorId,
      "organisation.time_zone",
      { timeZone: { from: before?.timeZone ?? null, to: timeZone } },
      tx,
    );
    return { changed: true };
  });
}
