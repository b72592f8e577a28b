// GET /api/batches/[id]/messages?filter=STATE|NO_RECEIPT&after=<id> – one page of a batch's recipients.
import { z } from "zod";
import { canView } from "@/lib/auth/permissions";
import { listMessages } from "@/lib/batches/list-messages";
import { messageFilterSchema } from "@/lib/batches/states";
import { batchParams, cursorParam } from "@/lib/http/params";
import { route } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

const query = z.object({
  filter: z.literal("").transform(() => undefined).or(messageFilterSchema).optional(),
  after: cursorParam.optional(),
});

export const GET = route({ allowed: canView, params: batchParams, query }, async ({ params, query }) =>
  Response.json(await listMessages(params.id, { filter: query.filter ?? null, after: query.after })),
);
