// POST /api/v1/messages – one SMS or voice message to one number (a batch of one, as Compose would make it).
// GET /api/v1/messages?phone=&limit=&cursor= – one number's messages across every batch, newest first (issue 38).
import { withDefaults } from "@/lib/api/default-settings";
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { phoneMessagesQuery, sendMessageSchema } from "@/lib/api/schemas/messages";
import { pagePhoneMessages } from "@/lib/api/read-messages";
import { toSentMessageResource } from "@/lib/api/resources/created";
import { sendOneMessage } from "@/lib/api/send-message";
import { canSend, canView } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { scope: "send", allowed: canSend, body: sendMessageSchema },
  async ({ actor, key, body }) => {
    const { to, ...input } = await withDefaults(body, `API message to ${body.to}`, key);
    const { created, message } = await sendOneMessage({ ...input, authorId: actor.id }, to);
    return json(toSentMessageResource(created, message), 201);
  },
);

export const GET = apiRoute({ scope: "read", allowed: canView, query: phoneMessagesQuery }, async ({ query }) =>
  json(await pagePhoneMessages(query)),
);
