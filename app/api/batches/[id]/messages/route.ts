// GET /api/batches/[id]/messages?filter=STATE|NO_RECEIPT&q=<phone or correlator>&after=<id> – one page of a
// batch's recipients.
import { z } from "zod";
import { canView } from "@/lib/auth/permissions";
import { listMessages } from "@/lib/batches/list-messages";
import { recipientSearchSchema } from "@/lib/batches/recipient-search";
import { messageFilterSchema } from "@/lib/states/states";
import { batchParams, cursorParam, optionalParam } from "@/lib/http/params";
import { route } from "@/lib/auth/route-gate";

export const dynamic = "force-dynamic";

const query = z.object({
  filter: optionalParam(messageFilterSchema),
  q: optionalParam(recipientSearchSchema),
  after: cursorParam.optional(),
});

export const GET = route({ allowed: canView, params: batchParams, query }, async ({ params, query }) =>
  Response.json(
    await listMessages(params.id, { filter: query.filter ?? null, search: query.q ?? null, after: query.after }),
  ),
);
