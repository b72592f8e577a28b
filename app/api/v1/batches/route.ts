// GET /api/v1/batches?state=&kind=&createdFrom=&createdBefore=&limit=&cursor= – batches newest first, a keyset page
// at a time. POST /api/v1/batches – a batch from numbers (each with its own {{placeholder}} fields, or none) or a
// saved list, through Compose's services and checks (lib/batches/create-batch.ts, create-from-list.ts,
// check-sender.ts). Compose's duplicate-send guard is not applied: a system sending through the API may mean the same
// text twice (two orders shipped in a day), and its retries are made safe by Idempotency-Key instead (docs/api.md).
import { withDefaults } from "@/lib/api/default-settings";
import { apiRoute } from "@/lib/api/api-route";
import { assertBudgetOverrideAllowed } from "@/lib/api/budget-override";
import { json } from "@/lib/api/json";
import { personalise } from "@/lib/api/personalise";
import { listBatchResources } from "@/lib/api/read-batches";
import { toCreatedBatchResource } from "@/lib/api/resources/created";
import { createBatchBodySchema, listBatchesQuery } from "@/lib/api/schemas/batches";
import { checkSender } from "@/lib/accounts/check-sender";
import { canSend, canView } from "@/lib/auth/permissions";
import { createBatch } from "@/lib/batches/create-batch";
import { createBatchFromList } from "@/lib/batches/create-from-list";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "read", allowed: canView, query: listBatchesQuery }, async ({ query }) =>
  json(await listBatchResources(query)),
);

export const POST = apiRoute(
  { scope: "send", allowed: canSend, body: createBatchBodySchema },
  async ({ actor, key, body, request }) => {
    await assertBudgetOverrideAllowed(body, actor, key, request);
    const { recipients, listId, fieldDefaults, ...input } = await withDefaults(body, "Sent through the API", key);
    await checkSender(input);
    const created = listId
      ? await createBatchFromList({ ...input, listId, authorId: actor.id })
      : await createBatch({
          ...input,
          authorId: actor.id,
          recipients: personalise(input.templateText, recipients ?? [], fieldDefaults ?? {}),
        });
    return json(toCreatedBatchResource(created), 201);
  },
);
