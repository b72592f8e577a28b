// An answer that carries a secret shown once: a webhook endpoint's signing secret (whsec_…) from its registration and
// its rotation (app/api/v1/webhooks/). The client gets the answer as it is; what the idempotency table keeps for a
// replay (lib/api/idempotency.ts, 24 hours) is the same body with the secret taken out and a sentence saying it was
// shown once, as Stripe does for secret keys. So the secret is nowhere in clear at rest (the endpoint keeps it sealed,
// lib/crypto/secret-box.ts), and a replay of the key cannot read it back either (docs/api.md, "Idempotency-Key").
import "server-only";
import { json } from "./json";

export const SECRET_SHOWN_ONCE =
  "The secret was shown once, in the first answer to this request, and is not kept; rotate it to get a new one.";

// A symbol of the global registry, so a second copy of this module in another bundle still reads what one marked.
const WITHOUT_SECRET = Symbol.for("tuma.api.answer-without-secret");
type Marked = Response & { [WITHOUT_SECRET]?: Response };

/** A JSON answer whose `field` holds a secret shown once. */
export function jsonWithSecret<T extends Record<string, unknown>>(body: T, field: keyof T & string, status = 200) {
  const response: Marked = json(body, status);
  response[WITHOUT_SECRET] = json({ ...body, [field]: null, secretShownOnce: SECRET_SHOWN_ONCE }, status);
  return response;
}

/** The answer to keep for a replay instead of this one, when this one carries a secret. */
export function answerWithoutSecret(response: Response): Response | undefined {
  return (response as Marked)[WITHOUT_SECRET];
}
