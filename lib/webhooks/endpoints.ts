// Webhook endpoints, for the console's actions and the API alike: each function takes the acting user, checks that
// they may manage webhooks, validates what it writes (the URL must pass address-policy.ts), and audits the change in
// its transaction. The signing secret is returned once, by create and rotate, and never read back.
import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { checkTarget } from "./address-policy";
import { allowedHosts } from "./allowed-hosts";
import { newWebhookSecret, sealWebhookSecret } from "./secret";
import { forgetSubscriptions } from "./subscriptions";
import { assertCanManageWebhooks } from "./webhook-gate";
import type { CreateWebhookInput, UpdateWebhookInput } from "./webhook-schemas";

/** After a rotation, the previous secret signs too for this long, so receivers can switch without losing events. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const PUBLIC = {
  id: true,
  url: true,
  description: true,
  events: true,
  enabled: true,
  disabledAt: true,
  disabledReason: true,
  failingSince: true,
  previousSecretUntil: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.WebhookEndpointSelect;

export type WebhookEndpointView = Prisma.WebhookEndpointGetPayload<{ select: typeof PUBLIC }>;

async function assertDeliverable(url: string): Promise<void> {
  const check = await checkTarget(url, await allowedHosts());
  if (!check.ok) throw new AppError("INVALID_INPUT", check.reason, { url: [check.reason] });
}

export async function listEndpoints(actor: Actor): Promise<WebhookEndpointView[]> {
  assertCanManageWebhooks(actor);
  return db.webhookEndpoint.findMany({ select: PUBLIC, orderBy: { createdAt: "asc" } });
}

export async function getEndpoint(actor: Actor, id: string): Promise<WebhookEndpointView> {
  assertCanManageWebhooks(actor);
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id }, select: PUBLIC });
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  return endpoint;
}

export async function createEndpoint(
  actor: Actor,
  input: CreateWebhookInput,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  assertCanManageWebhooks(actor);
  await assertDeliverable(input.url);
  const id = crypto.randomUUID();
  const secret = newWebhookSecret();
  const endpoint = await db.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: { id, ...input, secretCiphertext: sealWebhookSecret(secret, id), createdById: actor.id },
      select: PUBLIC,
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "webhook.create",
        targetType: "WebhookEndpoint",
        targetId: id,
        detail: { url: input.url, events: input.events },
      },
      tx,
    );
    return created;
  });
  forgetSubscriptions();
  return { endpoint, secret };
}

export async function updateEndpoint(
  actor: Actor,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpointView> {
  assertCanManageWebhooks(actor);
  if (input.url !== undefined) await assertDeliverable(input.url);
  const endpoint = await db.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id }, select: PUBLIC });
    if (!before) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
    const toggled = input.enabled !== undefined && input.enabled !== before.enabled;
    const updated = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        ...input,
        ...(toggled && input.enabled ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
        ...(toggled && !input.enabled ? { disabledAt: new Date(), disabledReason: `Disabled by ${actor.name}.` } : {}),
      },
      select: PUBLIC,
    });
    const action = toggled ? (input.enabled ? "webhook.enable" : "webhook.disable") : "webhook.update";
    const changed = { url: input.url, events: input.events, description: input.description };
    await recordAudit(
      {
        actorId: actor.id,
        action,
        targetType: "WebhookEndpoint",
        targetId: id,
        detail: { url: updated.url, ...(action === "webhook.update" ? { changed } : {}) },
      },
      tx,
    );
    return updated;
  });
  forgetSubscriptions();
  return endpoint;
}

/** A new secret, returned once; the old one keeps signing (alongside) for ROTATION_OVERLAP_MS. */
export async function rotateSecret(
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<{ secret: string; previousValidUntil: Date }> {
  assertCanManageWebhooks(actor);
  const secret = newWebhookSecret();
  const previousValidUntil = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  await db.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({
      where: { id },
      select: { url: true, secretCiphertext: true },
    });
    if (!before) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
    await tx.webhookEndpoint.update({
      where: { id },
      data: {
        secretCiphertext: sealWebhookSecret(secret, id),
        previousSecretCiphertext: before.secretCiphertext,
        previousSecretUntil: previousValidUntil,
      },
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "webhook.rotate_secret",
        targetType: "WebhookEndpoint",
        targetId: id,
        detail: { url: before.url, previousValidUntil: previousValidUntil.toISOString() },
      },
      tx,
    );
  });
  return { secret, previousValidUntil };
}

/** Deletes the endpoint and its delivery log. */
export async function deleteEndpoint(actor: Actor, id: string): Promise<void> {
  assertCanManageWebhooks(actor);
  await db.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id }, select: { url: true } });
    if (!before) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
    await tx.webhookEndpoint.delete({ where: { id } });
    await recordAudit(
      { actorId: actor.id, action: "webhook.delete", targetType: "WebhookEndpoint", targetId: id, detail: before },
      tx,
    );
  });
  forgetSubscriptions();
}
