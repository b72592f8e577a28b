// GET /api/batches/[id]/messages?filter=STATE|NO_RECEIPT&q=<phone or correlator>&language=default|<code>&after=<id> –
// one page of a batch's recipients; with a language, how many recipients it has (`languageCount`,
// lib/batches/language-count.ts).
import { z } from "zod";
import { canView } from "@/lib/auth/permissions";
import { listMessages } from "@/lib/batches/list-messages";
import { languageCount } from "@/lib/batches/language-count";
import { languageFilterSchema } from "@/lib/batches/language-filter";
import { recipientSearchSchema } from "@/lib/batches/recipient-search";
import { messageFilterSchema } from "@/lib/states/states";
import { batchParams, cursorParam, optionalParam } from "@/lib/http/params";
import { route } from "@/lib/auth/route-gate";

export const dynamic = "force-dynamic";

const query = z.object({
  filter: optionalParam(messageFilterSchema),
  q: optionalParam(recipientSearchSchema),
  language: optionalParam(languageFilterSchema),
  after: cursorParam.optional(),
});

export const GET = route({ allowed: canView, params: batchParams, query }, async ({ params, query }) => {
  const [page, count] = await Promise.all([
    listMessages(params.id, {
      filter: query.filter ?? null,
      search: query.q ?? null,
      language: query.language ?? null,
      after: query.after,
    }),
    query.language ? languageCount(params.id, query.language) : null,
  ]);
  return Response.json(count === null ? page : { ...page, languageCount: count });
});
