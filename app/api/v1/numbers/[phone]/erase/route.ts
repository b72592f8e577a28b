// POST /api/v1/numbers/{phone}/erase – forget one number (issue 38; Kenya's Data Protection Act, 2019, the right to
// deletion), for an administrator's key, by the console's own erasure (lib/number-story/erase-number.ts): its number
// and texts removed everywhere, totals unchanged, audited without the number in clear. `dryRun` answers what would go
// and changes nothing. Idempotent with Idempotency-Key like every POST (lib/api/api-route.ts); without one a second
// erasure finds nothing left and counts zero. A test key is refused: a number's story spans every account.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { assertLiveKey } from "@/lib/api/key-reach";
import { toNumberErasure } from "@/lib/api/resources/number-erasure";
import { eraseNumberSchema, phoneOf, phoneParams } from "@/lib/api/schemas/numbers";
import { canManageUsers } from "@/lib/auth/permissions";
import { eraseNumber, erasureCounts } from "@/lib/number-story/erase-number";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  {
    scope: "admin",
    allowed: canManageUsers,
    params: phoneParams,
    body: eraseNumberSchema,
    // The admin scope's audit entry names the operation by its template: the path holds the number.
    auditedPath: "/api/v1/numbers/{phone}/erase",
  },
  async ({ actor, key, params, body }) => {
    const phone = phoneOf(params.phone);
    assertLiveKey(key, "a number's messages");
    const counts = body.dryRun
      ? await erasureCounts(phone)
      : await eraseNumber(phone, { actorId: actor.id, reason: body.reason, neverContact: body.neverContact });
    return json(toNumberErasure(counts, body));
  },
);
