// POST /api/compose/plan – Compose's preview and planner for a saved list: the first recipients' texts as they will
// arrive, and recipients, provider requests, SMS units and time to submit, counted over the whole list. A POST with
// the message in a JSON body, not a GET with it in the query string: URLs end up in logs and browser history.
import { canSend } from "@/lib/auth/permissions";
import { planQuerySchema } from "@/lib/batches/compose-schema";
import { planList } from "@/lib/batches/plan-list";
import { route } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

export const POST = route({ allowed: canSend, body: planQuerySchema }, async ({ body, request }) =>
  Response.json(await planList(body, request.signal)),
);
