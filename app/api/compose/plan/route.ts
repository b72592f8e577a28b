// POST /api/compose/plan – Compose's preview and planner for a saved list: the first recipients' texts as they will
// arrive, and recipients, provider requests, SMS units and time to submit, counted over the whole list. A POST with
// the message in a JSON body, not a GET with it in the query string: URLs end up in logs and browser history.
// At most two at once per user (429 with a sentence), as exports are (lib/fair-share/transfer-slots.ts).
import { canSend } from "@/lib/auth/permissions";
import { planQuerySchema } from "@/lib/batches/compose-schema";
import { planList } from "@/lib/batches/plan-list";
import { withSlot } from "@/lib/fair-share/transfer-slots";
import { route } from "@/lib/auth/route-gate";

export const dynamic = "force-dynamic";

export const POST = route({ allowed: canSend, body: planQuerySchema }, async ({ actor, body, request }) =>
  Response.json(await withSlot("PLAN", actor.id, () => planList(body, request.signal))),
);
