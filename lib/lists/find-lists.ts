// Saved lists (lists whose import finished: READY), newest first, with their counts: the lists page and Compose's picker.
import "server-only";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LIST_FILE_FIELDS } from "./list-fields";

/** What a saved list shows, for the list and for one. */
const LIST_FIELDS = {
  ...LIST_FILE_FIELDS,
  sizeBytes: true,
  report: true,
  author: { select: { name: true } },
} as const satisfies Prisma.ListSelect;

/** A saved list as shown, its author by name; `report` is how the file was read (import-list.ts ListReportInfo). */
export type SavedList = Omit<Prisma.ListGetPayload<{ select: typeof LIST_FIELDS }>, "author"> & {
  author: string | null;
};

export async function findLists(take = 100): Promise<SavedList[]> {
  const rows = await db.list.findMany({
    where: { state: "READY" },
    orderBy: { createdAt: "desc" },
    take,
    select: LIST_FIELDS,
  });
  return rows.map(({ author, ...row }) => ({ ...row, author: author?.name ?? null }));
}

export async function getList(id: string): Promise<SavedList | null> {
  const row = await db.list.findFirst({
    where: { id, state: "READY" },
    select: LIST_FIELDS,
  });
  if (!row) return null;
  const { author, ...rest } = row;
  return { ...rest, author: author?.name ?? null };
}
