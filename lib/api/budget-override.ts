// Sending over the units budget through the API (`overrideBudget`, docs/units-budget.md) is an administrative act:
// the key needs the `admin` scope as well as `send` (an administrator's everyday sending key cannot spend past the
// budget by one field), and each use is audited as an admin use of the key, the operation and the reason with it —
// before the batch is made, as the gate audits every admin-scope request (lib/api/api-route.ts). The units service
// then applies its own checks (an administrator, a reason) and audits the override itself.
import "server-only";
import type { KeyActor } from "@/lib/api-keys/authenticate-key";
import { recordAudit } from "@/lib/audit/record-audit";
import { ApiProblem } from "./problem";

export async function assertBudgetOverrideAllowed(
  body: { overrideBudget?: boolean | undefined; budgetReason?: string | null | undefined },
  actor: KeyActor["actor"],
  key: KeyActor["key"],
  request: Request,
): Promise<void> {
  if (!body.overrideBudget) return;
  if (!key.scopes.includes("admin"))
    throw new ApiProblem(
      403,
      "missing_scope",
      "Sending over the units budget (overrideBudget) needs a key with the “admin” scope.",
      {
        errors: [{ path: "overrideBudget", code: "missing_scope", message: "Needs a key with the “admin” scope." }],
      },
    );
  await recordAudit({
    actorId: actor.id,
    action: "api_key.admin_use",
    targetType: "ApiKey",
    targetId: key.id,
    detail: {
      prefix: key.prefix,
      operation: `${request.method} ${new URL(request.url).pathname}`,
      use: "overrideBudget",
      reason: body.budgetReason ?? null,
    },
  });
}
