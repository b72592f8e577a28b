// An administrator sets which private host:port pairs webhooks may reach (the Webhooks page), audited.
import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { recordOrganisationAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { assertCanManageWebhooks } from "./webhook-gate";

export async function readAllowedHostsSetting(actor: Actor): Promise<string[]> {
  assertCanManageWebhooks(actor);
  const organisation = await db.organisation.findUnique({ where: { id: 1 }, select: { webhookAllowedHosts: true } });
  return organisation?.webhookAllowedHosts ?? [];
}

export async function setAllowedHostsSetting(actor: Actor, hosts: string[]): Promise<void> {
  assertCanManageWebhooks(actor);
  const unique = [...new Set(hosts)];
  await db.$transaction(async (tx) => {
    await tx.organisation.upsert({
      where: { id: 1 },
      create: { id: 1, webhookAllowedHosts: unique },
      update: { webhookAllowedHosts: unique },
    });
    await recordOrganisationAudit(actor.id, "webhook.allowed_hosts", { hosts: unique }, tx);
  });
}
