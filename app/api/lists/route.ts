// POST /api/lists?filename=&name=&phoneColumn=&progressKey=&replaces= – a recipient list (CSV or XLSX) as the raw request body,
// streamed on as it arrives to the importer process (never a server-action body, never buffered whole, never parsed
// in the web process), which checks and stores it; answers with the report. 413 with a sentence as soon as the file
// crosses a limit; the browser's Cancel ends the hand-off and nothing is stored.
import { canSend } from "@/lib/auth/permissions";
import { route } from "@/lib/auth/route-gate";
import { optionalParam, uuidParam } from "@/lib/http/params";
import { replaceRechecked } from "@/lib/lists/replace-rechecked";
import { uploadListQuery } from "@/lib/lists/upload-query";
import { uploadFromRequest } from "@/lib/importer/upload-request";

export const dynamic = "force-dynamic";

const query = uploadListQuery.extend({
  /** The list this one checks again with another phone column: removed once this one is stored (lib/lists). */
  replaces: optionalParam(uuidParam),
});

// Not behind proxy.ts, which would buffer the body (see its matcher): the gate sets the security headers.
export const POST = route({ allowed: canSend, query, ownSecurityHeaders: true }, async ({ actor, query, request }) => {
  const { list, samples } = await uploadFromRequest(request, query, actor.id);
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
