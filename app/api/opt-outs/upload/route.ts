// POST /api/opt-outs/upload?filename= – a CSV/XLSX of numbers to opt out, as the raw request body: streamed on to the
// importer process, which reads and checks it as a recipient list (the same parser, phone column guess and reasons)
// and adds every valid number (lib/importer/upload-opt-outs.ts); never parsed in the web process.
import { z } from "zod";
import { canSend } from "@/lib/auth/permissions";
import { route } from "@/lib/auth/route-gate";
import { uploadOptOuts } from "@/lib/importer/upload-opt-outs";

export const dynamic = "force-dynamic";

const query = z.object({ filename: z.string().trim().min(1).max(255).default("opt-outs.csv") });

// Not behind proxy.ts, which would cut the body at 10 MB (see its matcher): the gate sets the security headers.
export const POST = route({ allowed: canSend, query, ownSecurityHeaders: true }, async ({ actor, query, request }) => {
  const length = request.headers.get("content-length");
  const result = await uploadOptOuts({
    body: request.body,
    declaredBytes: length !== null && /^\d+$/.test(length) ? Number(length) : null,
    filename: query.filename,
    authorId: actor.id,
    signal: request.signal,
  });
  return Response.json({ ok: true, ...result }, { status: 201 });
});
