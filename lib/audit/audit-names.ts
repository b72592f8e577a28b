// The names behind the ids of a page of audit events — batches, users, lists, templates and provider accounts — for
// the sentences of audit-sentence.ts: one indexed query per kind (`id = ANY`), over the ids of the 50 events shown.
import "server-only";
import { db } from "@/lib/db/client";
import type { AuditNames } from "./audit-sentence";
import type { AuditRow } from "./list-audit";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function auditNames(rows: AuditRow[]): Promise<AuditNames> {
  const ids = new Map<string, Set<string>>();
  const want = (type: string, id: unknown) => {
    if (typeof id !== "string" || !UUID.test(id)) return;
    if (!ids.has(type)) ids.set(type, new Set());
    ids.get(type)!.add(id);
  };
  for (const row of rows) {
    want(row.targetType, row.targetId);
    const detail = (row.detail ?? {}) as Record<string, unknown>;
    want("Batch", detail.childBatchId);
    want("ProviderAccount", detail.accountId);
  }
  const of = (type: string) => ({ id: { in: [...(ids.get(type) ?? [])] } });
  const [batches, users, lists, templates, accounts] = await Promise.all([
    ids.has("Batch") ? db.batch.findMany({ where: of("Batch"), select: { id: true, name: true } }) : [],
    ids.has("User") ? db.user.findMany({ where: of("User"), select: { id: true, name: true } }) : [],
    ids.has("List") ? db.list.findMany({ where: of("List"), select: { id: true, filename: true } }) : [],
    ids.has("Template") ? db.template.findMany({ where: of("Template"), select: { id: true, name: true } }) : [],
    ids.has("ProviderAccount")
      ? db.providerAccount.findMany({ where: of("ProviderAccount"), select: { id: true, name: true } })
      : [],
  ]);
  return new Map([
    ...batches.map((b) => [`Batch:${b.id}`, b.name] as const),
    ...users.map((u) => [`User:${u.id}`, u.name] as const),
    ...lists.map((l) => [`List:${l.id}`, l.filename] as const),
    ...templates.map((t) => [`Template:${t.id}`, t.name] as const),
    ...accounts.map((a) => [`ProviderAccount:${a.id}`, a.name] as const),
  ]);
}
