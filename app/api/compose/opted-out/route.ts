// POST /api/compose/opted-out – which of the numbers pasted into Compose are on the opt-out list, so the plan can
// subtract and name them before Send. Body: { phones: ["254…", …] } (≤ 100,000, read with a byte limit).
import { canSend } from "@/lib/auth/permissions";
import { invalidInput } from "@/lib/errors/error-shape";
import { readJsonBody } from "@/lib/http/read-json-body";
import { route } from "@/lib/auth/route-gate";
import { findOptedOut, OPTED_OUT_QUESTION_BYTES, optedOutQuestionSchema } from "@/lib/opt-outs/find-opted-out";

export const dynamic = "force-dynamic";

export const POST = route({ allowed: canSend }, async ({ request }) => {
  const question = optedOutQuestionSchema.safeParse(await readJsonBody(request, OPTED_OUT_QUESTION_BYTES));
  if (!question.success) throw invalidInput(question.error, "Send the numbers as { phones: [...] }.");
  // Numbers a person pasted: never kept by a cache on the way.
  return Response.json(
    { optedOut: await findOptedOut(question.data.phones) },
    { headers: { "Cache-Control": "no-store" } },
  );
});
