// The one writer of audit events. Audit rows are append-only: nothing in the code updates or deletes them, and every
// writer comes through here, inside the same transaction as the change it records when there is one.
import "server-only";
import type pg from "pg";
import { pool } from "@/lib/db/pool";

export const AUDIT_ACTIONS = [
  "batch.create",
  "batch.pause",
  "batch.resume",
  "batch.cancel",
  "batch.resend",
  "account.create",
  "account.update",
  "account.update_with_token_change",
  "user.create",
  "user.update",
  "user.disable",
  "user.enable",
  "user.export_grant",
  "user.export_revoke",
  "user.password_reset",
  "user.password_change",
  "template.create",
  "template.update",
  "template.delete",
  "optout.add",
  "optout.remove",
  // Carrier-blacklist opt-outs held back as a burst (lib/receipts/failure-effects.ts), then released or discarded.
  "optout.hold",
  "optout.hold_release",
  "optout.hold_discard",
  "list.create",
  "list.delete",
  "list.rename",
  // Who got in, who tried, who was locked out, who left.
  "auth.login",
  "auth.login_failure",
  "auth.lockout",
  "auth.logout",
  "user.password_change_failure",
  // Personal data leaving the console (numbers, message texts, the log itself).
  "export.batch",
  "export.upload_report",
  "export.audit",
  "export.duplicates",
  "export.subject_access",
  // A number forgotten at its owner's request (lib/number-story/erase-number.ts): named by its keyed hash only.
  "number.erase",
  // Changes made by start-up or by an administrator to how receipts are authenticated.
  "account.sandbox_reset",
  "account.receipt_secret_rotate",
  // The organisation's settings.
  "organisation.time_zone",
  "organisation.duplicate_window",
  "organisation.promotional_window",
  "organisation.carrier_opt_out_burst",
  // What a delivery status means (Receipts page), and a refused sender ID's warning cleared (Settings).
  "receipt_status.map",
  "sender_id.clear",
  // Webhook endpoints (lib/webhooks/endpoints.ts): registered, changed, disabled by the deliverer, replayed.
  "webhook.create",
  "webhook.update",
  "webhook.enable",
  "webhook.disable",
  "webhook.rotate_secret",
  "webhook.delete",
  "webhook.replay",
  "webhook.test",
  "webhook.allowed_hosts",
  // API keys (lib/api-keys/): made, revoked, and every request that used the admin scope.
  "api_key.create",
  "api_key.revoke",
  "api_key.admin_use",
  // The units budget (lib/units/): units bought recorded, the warning threshold, a batch sent over the budget.
  "units.purchase",
  "units.warn_threshold",
  "units.override",
  // The voice language field an account sends (lib/accounts/voice-language.ts).
  "account.voice_language",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTarget =
  | "Batch"
  | "ProviderAccount"
  | "User"
  | "Template"
  | "OptOut"
  | "Number"
  | "List"
  | "AuditLog"
  | "Organisation"
  | "ReceiptStatus"
  | "SenderIdProblem"
  | "WebhookEndpoint"
  | "ApiKey";

export type AuditEntry = {
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string | null;
  detail?: Record<string, unknown>;
};

/** A pg pool or client (inside a transaction), or Prisma's client or transaction client. */
type Executor =
  | Pick<pg.Pool | pg.PoolClient, "query">
  | { $executeRawUnsafe: (query: string, ...values: unknown[]) => Promise<number> };

const INSERT = `INSERT INTO "AuditEvent" ("actorId", action, "targetType", "targetId", detail) VALUES ($1::uuid, $2, $3, $4, $5::jsonb)`;

export async function recordAudit(entry: AuditEntry, executor: Executor = pool()): Promise<void> {
  const values = [entry.actorId, entry.action, entry.targetType, entry.targetId, JSON.stringify(entry.detail ?? {})];
  if ("query" in executor) await executor.query(INSERT, values);
  else await executor.$executeRawUnsafe(INSERT, ...values);
}

/** A change to an organisation-wide setting: its event targets the organisation's one row (id 1). */
export const recordOrganisationAudit = (
  actorId: string,
  action: AuditAction,
  detail: Record<string, unknown>,
  executor: Executor,
): Promise<void> => recordAudit({ actorId, action, targetType: "Organisation", targetId: "1", detail }, executor);
