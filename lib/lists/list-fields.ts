// A saved list's file and what its check counted: the columns both the console's lists (find-lists.ts) and the API's
// List resource (lib/api/resources/list.ts) read, each adding its own.
import type { Prisma } from "@/lib/generated/prisma/client";

export const LIST_FILE_FIELDS = {
  id: true,
  name: true,
  filename: true,
  format: true,
  columns: true,
  phoneColumn: true,
  rowCount: true,
  validCount: true,
  invalidCount: true,
  duplicateCount: true,
  optedOutCount: true,
  createdAt: true,
} as const satisfies Prisma.ListSelect;
