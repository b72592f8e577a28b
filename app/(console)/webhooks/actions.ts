"use server";

// The Webhooks page's actions: thin, over the same services the API uses (lib/webhooks/).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";
import { setAllowedHostsSetting } from "@/lib/webhooks/allowed-hosts-setting";
import { replayDelivery } from "@/lib/webhooks/deliveries";
import { sendTestEvent } from "@/lib/webhooks/test-event";
import { createEndpoint, deleteEndpoint, rotateSecret, updateEndpoint } from "@/lib/webhooks/endpoints";
import { allowedHostsSchema, createWebhookSchema } from "@/lib/webhooks/webhook-schemas";

const admin = <S extends z.ZodType>(input: S) => ({ allowed: canManageWebhooks, input });

/** A result with the signing secret made, shown once (with a Copy button). */
export type SecretResult = ActionResult & { secret?: string };

export async function createWebhookAction(_previous: SecretResult | null, form: FormData): Promise<SecretResult> {
  let secret = "";
  // Checkboxes send one "events" entry each: read them all (the gate's FormData reading keeps the last).
  const raw = { url: form.get("url") ?? "", description: form.get("description") ?? "", events: form.getAll("events") };
  const result = await authorizedAction(admin(createWebhookSchema), raw, async (input, actor) => {
    ({ secret } = await createEndpoint(actor, input));
    revalidatePath("/webhooks");
    return { ok: true, message: "Registered. Its signing secret is shown only now: give it to the receiving system." };
  });
  return result.ok ? { ...result, secret } : result;
}

export async function setWebhookEnabledAction(id: string, enabled: boolean): Promise<ActionResult> {
  return authorizedAction(
    admin(z.object({ id: uuidParam, enabled: z.boolean() })),
    { id, enabled },
    async (input, actor) => {
      await updateEndpoint(actor, input.id, { enabled: input.enabled });
      revalidatePath("/webhooks");
      return { ok: true, message: input.enabled ? "Enabled: events are delivered again." : "Disabled." };
    },
  );
}

export async function rotateWebhookSecretAction(id: string): Promise<SecretResult> {
  let secret = "";
  const result = await authorizedAction(admin(uuidParam), id, async (endpointId, actor) => {
    ({ secret } = await rotateSecret(actor, endpointId));
    revalidatePath("/webhooks");
    return { ok: true, message: "A new secret, shown only now. The old one signs too for 24 hours." };
  });
  return result.ok ? { ...result, secret } : result;
}

export async function sendWebhookTestEventAction(id: string): Promise<ActionResult> {
  return authorizedAction(admin(uuidParam), id, async (endpointId, actor) => {
    await sendTestEvent(actor, endpointId);
    revalidatePath("/webhooks/[id]", "page");
    return {
      ok: true,
      message: "A test event (webhook.test) is queued: it is sent within a second. See the delivery log.",
    };
  });
}

export async function deleteWebhookAction(id: string): Promise<ActionResult> {
  return authorizedAction(admin(uuidParam), id, async (endpointId, actor) => {
    await deleteEndpoint(actor, endpointId);
    revalidatePath("/webhooks");
    return { ok: true, message: "Deleted, with its delivery log." };
  });
}

export async function replayWebhookDeliveryAction(deliveryId: string): Promise<ActionResult> {
  return authorizedAction(admin(z.string().regex(/^[0-9]{1,18}$/)), deliveryId, async (id, actor) => {
    await replayDelivery(actor, id);
    revalidatePath("/webhooks/[id]", "page");
    return { ok: true, message: "Queued again: it is sent within a second." };
  });
}

export async function setAllowedHostsAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const hosts = String(form.get("hosts") ?? "")
    .split(/[\s,]+/)
    .filter((host) => host !== "");
  return authorizedAction(admin(z.object({ hosts: allowedHostsSchema })), { hosts }, async (input, actor) => {
    await setAllowedHostsSetting(actor, input.hosts);
    revalidatePath("/webhooks");
    return { ok: true, message: input.hosts.length > 0 ? "Saved." : "Saved: webhooks go only to public addresses." };
  });
}
