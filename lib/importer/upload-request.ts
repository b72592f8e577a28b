// A list upload's hand-off, shared by the console's POST /api/lists and the API's POST /api/v1/lists: a declared
// length over the limit is refused before a byte is read, then the body streams on to the importer
// (lib/importer/forward-upload.ts), which checks and stores it and answers with the report.
import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { forwardUpload, type Imported } from "@/lib/importer/forward-upload";
import { MAX_UPLOAD_BYTES, TOO_MANY_BYTES } from "@/lib/http/body-limits";
import type { uploadListQuery } from "@/lib/lists/upload-query";

export function uploadFromRequest(
  request: Request,
  query: z.output<typeof uploadListQuery>,
  authorId: string,
): Promise<Imported> {
  const length = request.headers.get("content-length");
  const declaredBytes = length !== null && /^\d+$/.test(length) ? Number(length) : null;
  if (declaredBytes !== null && declaredBytes > MAX_UPLOAD_BYTES) throw new AppError("TOO_LARGE", TOO_MANY_BYTES);
  return forwardUpload({
    body: request.body,
    declaredBytes,
    filename: query.filename,
    name: query.name,
    phoneColumn: query.phoneColumn,
    progressKey: query.progressKey,
    authorId,
    signal: request.signal,
  });
}
