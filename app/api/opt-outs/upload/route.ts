// POST /api/opt-outs/upload?filename= – a CSV/XLSX of numbers to opt out, as the raw request body: read and checked
// by the recipient-list import (the same parser, phone column guess and reasons), then every valid number added.
import { z } from "zod";
import { canSend } from "@/lib/auth/permissions";
import { route } from "@/lib/http/route-gate";
import { addOptOutsFromUpload } from "@/lib/opt-outs/opt-outs";
import { importList } from "@/lib/lists/import-list";

export const dynamic = "force-dynamic";

const query = z.object({ filename: z.string().trim().min(1).max(255).default("opt-outs.csv") });

// Not behind proxy.ts, which would cut the body at 10 MB (see its matcher): the gate sets the security headers.
export const POST = route({ allowed: canSend, query, ownSecurityHeaders: true }, async ({ actor, query, request }) => {
  const length = request.headers.get("content-length");
  const imported = await importList({
    body: request.body,
    declaredBytes: length !== null && /^\d+$/.test(length) ? Number(length) : null,
    filename: query.filename,
    phoneColumn: undefined,
    authorId: actor.id,
  });
  const { added } = await addOptOutsFromUpload(imported.id, actor.id);
  return Response.json(
    {
      ok: true,
      rows: imported.rows,
      added,
      already: imported.optedOut,
      invalid: imported.invalid,
      duplicates: imported.duplicates,
    },
    { status: 201 },
  );
});
