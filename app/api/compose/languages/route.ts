// POST /api/compose/languages – Compose's planner for a saved list in several languages (lib/batches/plan-languages.ts):
// the language column's values with their counts and the language each gives, the figures per language and the first
// recipients of each as they will receive it. A POST for the same reason as /api/compose/plan (the texts stay out of
// URLs), and under the same two-at-once share per user.
import { canSend } from "@/lib/auth/permissions";
import { languagePlanQuerySchema } from "@/lib/batches/compose-schema";
import { planLanguages } from "@/lib/batches/plan-languages";
import { withSlot } from "@/lib/fair-share/transfer-slots";
import { route } from "@/lib/auth/route-gate";

export const dynamic = "force-dynamic";

export const POST = route({ allowed: canSend, body: languagePlanQuerySchema }, async ({ actor, body, request }) =>
  Response.json(await withSlot("PLAN", actor.id, () => planLanguages(body, request.signal))),
);
