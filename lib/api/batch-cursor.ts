// The cursor of GET /api/v1/batches: the last batch shown, its createdAt and id (the page's sort key), base64url so
// a caller passes it back as it was given and never builds one. A cursor no page gave is refused with a sentence.
import { z } from "zod";

export type BatchCursor = { createdAt: Date; id: string };

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_([0-9a-f-]{36})$/;
const BAD_CURSOR = "This cursor is not one a page of batches gave; start again without it.";

export const batchCursor = z
  .string()
  .max(200)
  .transform((value, context): BatchCursor => {
    const match = CURSOR.exec(Buffer.from(value, "base64url").toString("utf8"));
    const at = match ? new Date(match[1]!) : null;
    if (!match || !at || Number.isNaN(at.getTime()) || !z.uuid().safeParse(match[2]).success) {
      context.addIssue({ code: "custom", message: BAD_CURSOR });
      return z.NEVER;
    }
    return { createdAt: at, id: match[2]! };
  });

export const encodeBatchCursor = (batch: BatchCursor): string =>
  Buffer.from(`${batch.createdAt.toISOString()}_${batch.id}`, "utf8").toString("base64url");
