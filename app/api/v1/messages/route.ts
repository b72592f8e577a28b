// POST /api/v1/messages – one SMS or voice message to one number: a batch of one, composed by the same service as
// every batch (lib/batches/compose-batch.ts), so it is paced, audited, budgeted, visible on the Batches page and paused
// or cancelled like one; the answer gives the message's id (and the caller's reference) for GET /api/v1/messages/{id}.
// GET /api/v1/messages?reference=… | ?phone=… – the messages sent with a reference (oldest first) or to one number
// (newest first, across batches: "I never got it"), a keyset page at a time.
import { withDefaults } from "@/lib/api/default-settings";
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { pageMessagesFound } from "@/lib/api/read-messages";
import { listMessagesQuery, sendMessageSchema } from "@/lib/api/schemas/messages";
import { toSentMessageResource } from "@/lib/api/resources/created";
import { canSend, canView } from "@/lib/auth/permissions";
import { composeBatch } from "@/lib/batches/compose-batch";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "read", allowed: canView, query: listMessagesQuery }, async ({ query, key }) =>
  json(await pageMessagesFound(query, key)),
);

export const POST = apiRoute(
  { scope: "send", allowed: canSend, body: sendMessageSchema },
  async ({ actor, key, body }) => {
    const { to, reference, metadata, ...input } = await withDefaults(body, `API message to ${body.to}`, key);
    const created = await composeBatch(
      { ...input, recipients: [{ phone: to, reference: reference ?? null, metadata: metadata ?? null }] },
      actor.id,
      "api",
    );
    return json(toSentMessageResource(created), 201);
  },
);
