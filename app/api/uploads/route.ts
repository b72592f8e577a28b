// POST /api/uploads?filename=&phoneColumn=&progressKey= – a recipient list (CSV or XLSX) as the raw request body, read as it
// arrives (never a server-action body, never buffered whole), checked and stored; answers with the report.
// 413 with a sentence as soon as the file crosses a limit.
import { z } from "zod";
import { canSend } from "@/lib/auth/permissions";
import { optionalParam, uuidParam } from "@/lib/http/params";
import { route } from "@/lib/http/route-gate";
import { importUpload } from "@/lib/recipients/import-upload";
import { reportSamples } from "@/lib/recipients/report-csv";

export const dynamic = "force-dynamic";

const query = z.object({
  filename: z.string().trim().min(1).max(255).default("list.csv"),
  phoneColumn: z.string().max(200).optional(),
  progressKey: optionalParam(uuidParam),
});

// Not behind proxy.ts, which would buffer the body (see its matcher): the gate sets the security headers.
export const POST = route({ allowed: canSend, query, ownSecurityHeaders: true }, async ({ actor, query, request }) => {
  const length = request.headers.get("content-length");
  const imported = await importUpload({
    body: request.body,
    declaredBytes: length !== null && /^\d+$/.test(length) ? Number(length) : null,
    filename: query.filename,
    phoneColumn: query.phoneColumn,
    authorId: actor.id,
    progressKey: query.progressKey,
  });
  return Response.json({ ok: true, upload: imported, samples: await reportSamples(imported.id) }, { status: 201 });
});
