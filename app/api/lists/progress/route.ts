// GET /api/lists/progress?key= – how far the check of the caller's own upload has got while its POST is still
// running (the browser chose the key): rows checked and bytes read so far, then READY. Nothing yet (the file's first
// rows are still being read, or it was refused) answers { state: null }.
import { z } from "zod";
import { canSend } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";
import { route } from "@/lib/auth/route-gate";
import { uploadProgress } from "@/lib/lists/import-progress";

export const dynamic = "force-dynamic";

export const GET = route({ allowed: canSend, query: z.object({ key: uuidParam }) }, async ({ actor, query }) =>
  Response.json(await uploadProgress(query.key, actor.id), { headers: { "cache-control": "no-store" } }),
);
