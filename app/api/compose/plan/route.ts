// GET /api/compose/plan – Compose's preview and planner for a saved list: the first recipients' texts as they will
// arrive, and recipients, provider requests, SMS units and time to submit, counted over the whole list.
import { canSend } from "@/lib/auth/permissions";
import { planQuerySchema } from "@/lib/batches/compose-schema";
import { planList } from "@/lib/batches/plan-list";
import { route } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

export const GET = route({ allowed: canSend, query: planQuerySchema }, async ({ query, request }) =>
  Response.json(await planList(query, request.signal)),
);
