// The organisation's time zone: the one setting every time a person sees is shown in and reports count days and
// hours in (lib/time/). One row in "Organisation", read on each request (a primary-key read), so a change made in one
// web process shows in every other at once.
import "server-only";
import { db } from "@/lib/db/client";
import { DEFAULT_TIME_ZONE } from "@/lib/time/zone";

export async function getOrgTimeZone(): Promise<string> {
  const row = await db.organisation.findUnique({ where: { id: 1 }, select: { timeZone: true } });
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}
