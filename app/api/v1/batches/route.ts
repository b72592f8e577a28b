// GET /api/v1/batches?state=&kind=&createdFrom=&createdBefore=&limit=&cursor= – batches newest first, a keyset page
// at a time. POST /api/v1/batches – a batch from numbers (each with its own {{placeholder}} fields, or none) or a
// saved list, through the one service every batch is composed by (lib/batches/compose-batch.ts: the sender, what a
// repeat is, the duplicate-send guard, the units budget and the audit are decided there). Each recipient may carry
// the caller's reference and metadata; the answer lists the messages created (docs/api.md "References").
import { withDefaults } from "@/lib/api/default-settings";
import { apiRoute } from "@/lib/api/api-route";
import { assertBudgetOverrideAllowed } from "@/lib/api/budget-override";
import { json } from "@/lib/api/json";
import { personalise } from "@/lib/api/personalise";
import { listBatchResources } from "@/lib/api/read-batches";
import { toCreatedBatchResource } from "@/lib/api/resources/created";
import { createBatchBodySchema, listBatchesQuery } from "@/lib/api/schemas/batches";
import { canSend, canView } from "@/lib/auth/permissions";
import { composeBatch } from "@/lib/batches/compose-batch";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "read", allowed: canView, query: listBatchesQuery }, async ({ query }) =>
  json(await listBatchResources(query)),
);

export const POST = apiRoute(
  { scope: "send", allowed: canSend, body: createBatchBodySchema },
  async ({ actor, key, body, request }) => {
    await assertBudgetOverrideAllowed(body, actor, key, request);
    const { recipients, listId, fieldDefaults, languageColumn, languageMapping, ...input } = await withDefaults(
      body,
      "Sent through the API",
      key,
    );
    const created = await composeBatch(
      listId
        ? { ...input, listId, languageColumn, languageMapping }
        : {
            ...input,
            recipients: personalise(input.templateText, recipients ?? [], fieldDefaults ?? {}, input.variants ?? []),
          },
      actor.id,
      "api",
    );
    return json(toCreatedBatchResource(created), 201);
  },
);
