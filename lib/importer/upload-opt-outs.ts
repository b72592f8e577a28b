// An opt-out file's hand-off (POST /api/opt-outs/upload), as a list's is (lib/importer/upload-request.ts): a declared
// length over the limit is refused before a byte is read, then the body streams on to the importer process, which
// reads and checks it with the recipient-list import (the same parser, limits and sentences), adds every valid number
// to the opt-outs and deletes the list (lib/importer/server.ts). The web process never parses the file: a hostile
// one costs the importer, not the process serving everyone's pages (docs/design.md §3).
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { forwardUpload, importerTarget, type ImporterTarget } from "@/lib/importer/forward-upload";
import { MAX_UPLOAD_BYTES, TOO_MANY_BYTES } from "@/lib/http/body-limits";

export type OptOutUpload = { rows: number; added: number; already: number; invalid: number; duplicates: number };

export async function uploadOptOuts(
  input: {
    body: ReadableStream<Uint8Array> | null;
    declaredBytes: number | null;
    filename: string;
    authorId: string;
    signal: AbortSignal;
  },
  target: ImporterTarget = importerTarget(),
): Promise<OptOutUpload> {
  if (input.declaredBytes !== null && input.declaredBytes > MAX_UPLOAD_BYTES)
    throw new AppError("TOO_LARGE", TOO_MANY_BYTES);
  const answer = await forwardUpload({ ...input, purpose: "opt-outs" }, target);
  if (!answer.optOuts) throw new Error("the importer's answer to an opt-out file carries no counts");
  return answer.optOuts;
}
