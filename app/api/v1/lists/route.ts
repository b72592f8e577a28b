// POST /api/v1/lists?filename=&name=&phoneColumn= – a recipient list (CSV or XLSX) as the raw body, streamed to the
// importer exactly as the console's upload (app/api/lists/route.ts): the same limits, checks and report.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { canSend } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { forwardUpload } from "@/lib/importer/forward-upload";
import { uploadListQuery } from "@/lib/lists/upload-query";
import { MAX_UPLOAD_BYTES, TOO_MANY_BYTES } from "@/lib/recipients/upload-limits";

export const dynamic = "force-dynamic";

// Not behind proxy.ts, which would buffer the body (see its matcher): the gate sets the security headers.
export const POST = apiRoute(
  { scope: "lists", allowed: canSend, query: uploadListQuery, rawBody: true, ownSecurityHeaders: true },
  async ({ actor, query, request }) => {
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
    return json({ list, samples }, 201);
  },
);
