// The API's lists: one saved list as its List resource, and the upload's answer mapped to it.
import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { toListResource, type ListResource } from "./resources/list";

const NO_SUCH_LIST = "No such list.";

export async function readListResource(id: string): Promise<ListResource> {
  const list = await db.list.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      filename: true,
      format: true,
      state: true,
      columns: true,
      phoneColumn: true,
      rowCount: true,
      validCount: true,
      invalidCount: true,
      duplicateCount: true,
      optedOutCount: true,
      createdAt: true,
      completedAt: true,
    },
  });
  if (!list) throw new AppError("NOT_FOUND", NO_SUCH_LIST);
  return toListResource(list);
}
