// The API's lists: one saved list as its List resource, and the upload's answer mapped to it.
import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { LIST_SOURCE, toListResource, type ListResource } from "./resources/list";

const NO_SUCH_LIST = "No such list.";

export async function readListResource(id: string): Promise<ListResource> {
  const list = await db.list.findUnique({
    where: { id },
    select: LIST_SOURCE,
  });
  if (!list) throw new AppError("NOT_FOUND", NO_SUCH_LIST);
  return toListResource(list);
}
