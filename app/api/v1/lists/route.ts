// POST /api/v1/lists?filename=&name=&phoneColumn= – a recipient list (CSV or XLSX) as the raw body, streamed to the
// importer exactly as the console's upload (app/api/lists/route.ts): the same limits, checks and report.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { readListResource } from "@/lib/api/read-lists";
import type { UploadedList } from "@/lib/api/resources/list";
import { canSend } from "@/lib/auth/permissions";
import { uploadListQuery } from "@/lib/lists/upload-query";
import { uploadFromRequest } from "@/lib/importer/upload-request";

export const dynamic = "force-dynamic";

// Not behind proxy.ts, which would buffer the body (see its matcher): the gate sets the security headers.
export const POST = apiRoute(
  { scope: "lists", allowed: canSend, query: uploadListQuery, rawBody: true, ownSecurityHeaders: true },
  async ({ actor, query, request }) => {
    const { list, samples } = await uploadFromRequest(request, query, actor.id);
    const uploaded: UploadedList = {
      list: await readListResource(list.id),
      samples: {
        invalid: samples.invalid ?? [],
        duplicates: samples.duplicates ?? [],
        optedOut: samples["opted-out"] ?? [],
      },
    };
    return json(uploaded, 201);
  },
);
