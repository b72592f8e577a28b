// GET /api/v1/webhooks/allowed-hosts; PUT – the host:port pairs webhooks may reach although they resolve to private or
// loopback addresses (the Webhooks page's setting, audited). WEBHOOK_ALLOW_HOSTS adds to them and is not shown here.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { allowedHostsBodySchema } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { readAllowedHostsSetting, setAllowedHostsSetting } from "@/lib/webhooks/allowed-hosts-setting";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "admin", allowed: canManageWebhooks }, async ({ actor }) =>
  json({ hosts: await readAllowedHostsSetting(actor) }),
);

export const PUT = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, body: allowedHostsBodySchema },
  async ({ actor, body }) => {
    await setAllowedHostsSetting(actor, body.hosts);
    return json({ hosts: await readAllowedHostsSetting(actor) });
  },
);
