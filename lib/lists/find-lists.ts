// Saved lists (lists whose import finished: READY), newest first, with their counts: the lists page and Compose's picker.
import "server-only";
import { db } from "@/lib/db/client";

export type SavedList = {
  id: string;
  filename: string;
  name: string;
  format: string;
  columns: string[];
  phoneColumn: string;
  rowCount: number;
  validCount: number;
  invalidCount: number;
  duplicateCount: number;
  optedOutCount: number;
  sizeBytes: number;
  /** How the file was read (import-upload.ts UploadReportInfo). */
  report: unknown;
  createdAt: Date;
  author: string | null;
};

/** What a saved list shows, for the list and for one. */
const LIST_FIELDS = {
  id: true,
  filename: true,
  name: true,
  format: true,
  columns: true,
  phoneColumn: true,
  rowCount: true,
  validCount: true,
  invalidCount: true,
  duplicateCount: true,
  optedOutCount: true,
  sizeBytes: true,
  report: true,
  createdAt: true,
  author: { select: { name: true } },
} as const;

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
