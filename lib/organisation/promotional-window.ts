// The organisation's promotional window (lib/compose/promotional-window.ts): read for Compose's planner and the batch
// page, set by an administrator — checked, stored on the one "Organisation" row and audited with the window before
// and after, in one transaction.
import "server-only";
import { z } from "zod";
import { recordOrganisationAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import {
  DEFAULT_PROMOTIONAL_WINDOW,
  minuteLabel,
  parseMinute,
  type PromotionalWindow,
} from "@/lib/compose/promotional-window";

export async function getPromotionalWindow(): Promise<PromotionalWindow> {
  const row = await db.organisation.findUnique({
    where: { id: 1 },
    select: { promotionalStartMinute: true, promotionalEndMinute: true },
  });
  return row
    ? { startMinute: row.promotionalStartMinute, endMinute: row.promotionalEndMinute }
    : DEFAULT_PROMOTIONAL_WINDOW;
}

const clock = (label: string) =>
  z.string().transform((text, ctx) => {
    const minute = parseMinute(text);
    if (minute === null) {
      ctx.addIssue({ code: "custom", message: `Give the ${label} as hours and minutes, such as 08:00.` });
      return z.NEVER;
    }
    return minute;
  });

export const promotionalWindowSchema = z
  .object({ start: clock("start"), end: clock("end") })
  .refine((w) => w.start !== w.end, { path: ["end"], message: "The window must end at another time than it starts." });

export async function setPromotionalWindow(window: PromotionalWindow, actorId: string): Promise<{ changed: boolean }> {
  return db.$transaction(async (tx) => {
    const before = await tx.organisation.findUnique({
      where: { id: 1 },
      select: { promotionalStartMinute: true, promotionalEndMinute: true },
    });
    if (before?.promotionalStartMinute === window.startMinute && before.promotionalEndMinute === window.endMinute)
      return { changed: false };
    const data = { promotionalStartMinute: window.startMinute, promotionalEndMinute: window.endMinute };
    await tx.organisation.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
    const label = (w: PromotionalWindow) => `${minuteLabel(w.startMinute)}–${minuteLabel(w.endMinute)}`;
    await recordOrganisationAudit(
      actorId,
      "organisation.promotional_window",
      {
        window: {
          from: label(
            before
              ? { startMinute: before.promotionalStartMinute, endMinute: before.promotionalEndMinute }
              : DEFAULT_PROMOTIONAL_WINDOW,
          ),
          to: label(window),
        },
      },
      tx,
    );
    return { changed: true };
  });
}
