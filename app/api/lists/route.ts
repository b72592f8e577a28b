// POST /api/lists?filename=&name=&phoneColumn=&progressKey=&replaces= – a recipient list (CSV or XLSX) as the raw request body,
// streamed on as it arrives to the importer process (never a server-action body, never buffered whole, never parsed
// in the web process), which checks and stores it; answers with the report. 413 with a sentence as soon as the file
// crosses a limit; the browser's Cancel ends the hand-off and nothing is stored.
import { canSend } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route-gate";
import { forwardUpload } from "@/lib/importer/forward-upload";
import { optionalParam, uuidParam } from "@/lib/http/params";
import { replaceRechecked } from "@/lib/lists/replace-rechecked";
import { uploadListQuery } from "@/lib/lists/upload-query";
import { MAX_UPLOAD_BYTES, TOO_MANY_BYTES } from "@/lib/recipients/upload-limits";

export const dynamic = "force-dynamic";

const query = uploadListQuery.extend({
  /** The list this one checks again with another phone column: removed once this one is stored (lib/lists). */
  replaces: optionalParam(uuidParam),
});

// Not behind proxy.ts, which would buffer the body (see its matcher): the gate sets the security headers.
export const POST = route({ allowed: canSend, query, ownSecurityHeaders: true }, async ({ actor, query, request }) => {
  const length = request.headers.get("content-length");
  const declaredBytes = length !== null && /^\d+$/.test(length) ? Number(length) : null;
  if (declaredBytes !== null && declaredBytes > MAX_UPLOAD_BYTES) throw new AppError("TOO_LARGE", TOO_MANY_BYTES);
  const { list, samples } = await forwardUpload({
    body: request.body,
    declaredBytes,
    filename: query.filename,
    name: query.name,
    phoneColumn: query.phoneColumn,
    progressKey: query.progressKey,
    authorId: actor.id,
    signal: request.signal,
  });
  if (query.replaces && query.phoneColumn) {
    const replaced = await replaceRechecked({
      replacedId: query.replaces,
      listId: list.id,
      phoneColumn: list.phoneColumn,
      actorId: actor.id,
    });
    if (replaced && list.sameFile?.id === query.replaces) list.sameFile = null;
  }
  return Response.json({ ok: true, list, samples }, { status: 201 });
});
