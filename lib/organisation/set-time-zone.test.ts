// The organisation's time zone: an administrator's setting, checked, stored once, audited with before and after.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { getOrgTimeZone } from "./time-zone";
import { setOrgTimeZone, timeZoneSchema } from "./set-time-zone";

test("a new installation shows East Africa Time; a change is stored and audited, a repeat changes nothing", async () => {
  expect(await getOrgTimeZone()).toBe("Africa/Nairobi");
  const admin = await db.user.create({
    data: { email: "tz-admin@test.local", name: "Admin", role: "ADMIN", passwordHash: "x" },
    select: { id: true },
  });
  expect(await setOrgTimeZone("America/New_York", admin.id)).toEqual({ changed: true });
  expect(await getOrgTimeZone()).toBe("America/New_York");
  expect(await setOrgTimeZone("America/New_York", admin.id)).toEqual({ changed: false });
  const events = await db.auditEvent.findMany({ where: { action: "organisation.time_zone" } });
  expect(events.map((e) => [e.actorId, e.targetType, e.detail])).toEqual([
    [admin.id, "Organisation", { timeZone: { from: "Africa/Nairobi", to: "America/New_York" } }],
  ]);
  expect(await db.organisation.count()).toBe(1);
});

test("a name that is not a zone is refused with a sentence, before anything is written", () => {
  for (const bad of ["", "+03:00", "Nairobi", "Africa/Atlantis", "EAT; DROP TABLE x"]) {
    const parsed = timeZoneSchema.safeParse({ timeZone: bad });
    expect(parsed.success, bad).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^(Choose a time zone\.|Not a time zone name)/);
  }
  expect(timeZoneSchema.parse({ timeZone: " Asia/Tokyo " })).toEqual({ timeZone: "Asia/Tokyo" });
});
