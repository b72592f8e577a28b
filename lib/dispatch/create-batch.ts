// Creating a batch: validate, store the batch and every recipient in bulk (set-based INSERT … SELECT FROM unnest,
// 10,000 rows a statement), suppress opted-out numbers, and enqueue its start — all in one transaction, so a batch
// is either wholly there and due to start, or not there at all.
import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { normalizePhone } from "@/lib/provider/phone";
import { REPEAT_MAX, REPEAT_MIN, SMS_MESSAGE_MAX_CHARS, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/schemas";
import { enqueueBatchStart } from "./jobs";

const INSERT_CHUNK = 10_000;
const ANALYZE_AFTER = 10_000;

export const createBatchSchema = z
  .object({
    kind: z.enum(["SMS", "VOICE"]),
    accountId: z.uuid(),
    authorId: z.uuid().nullable(),
    name: z.string().trim().min(1, "Give the batch a name.").max(200),
    templateText: z.string().trim().min(1, "Write the message."),
    sender: z.string().trim().max(64).nullish(),
    originator: z.string().trim().max(20).nullish(),
    voice: z.union([z.literal(1), z.literal(2)]).nullish(),
    repeat: z.int().min(REPEAT_MIN).max(REPEAT_MAX).nullish(),
    linkId: z.string().trim().max(255).nullish(),
    scheduledAt: z.date().nullish(),
    parentBatchId: z.uuid().nullish(),
    /** Phone numbers in any of the spec's forms; each stored in the 254… form. */
    recipients: z.array(z.object({ phone: z.string(), text: z.string().nullish() })).min(1, "Add at least one recipient."),
  })
  .superRefine((input, ctx) => {
    const max = input.kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
    if (input.templateText.length > max) ctx.addIssue({ code: "custom", path: ["templateText"], message: `At most ${max} characters.` });
    if (input.kind === "SMS" && !input.sender) ctx.addIssue({ code: "custom", path: ["sender"], message: "An SMS needs a sender ID." });
    if (input.kind === "VOICE" && !input.originator) ctx.addIssue({ code: "custom", path: ["originator"], message: "A voice message needs an originator number." });
  });

export type CreateBatchInput = z.input<typeof createBatchSchema>;

export type CreatedBatch = { id: string; recipients: number; duplicates: number; suppressed: number };

export async function createBatch(raw: CreateBatchInput): Promise<CreatedBatch> {
  const parsed = createBatchSchema.safeParse(raw);
  if (!parsed.success) {
    const details: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (details[issue.path.join(".") || "form"] ??= []).push(issue.message);
    throw new AppError("INVALID_INPUT", parsed.error.issues[0]?.message ?? "Invalid batch.", details);
  }
  const input = parsed.data;

  // Normalise and dedupe; any invalid number refuses the whole batch with every reason, so nothing is lost silently.
  const phones: string[] = [];
  const texts: (string | null)[] = [];
  const seen = new Set<string>();
  const invalid: string[] = [];
  let duplicates = 0;
  input.recipients.forEach((recipient, index) => {
    const check = normalizePhone(recipient.phone, { lenient: true });
    if (!check.ok) {
      if (invalid.length < 20) invalid.push(`Recipient ${index + 1} (${recipient.phone.slice(0, 30)}): ${check.reason}`);
      else if (invalid.length === 20) invalid.push("…");
      return;
    }
    if (seen.has(check.phone)) {
      duplicates++;
      return;
    }
    seen.add(check.phone);
    phones.push(check.phone);
    texts.push(recipient.text ?? null);
  });
  if (invalid.length > 0) {
    throw new AppError("INVALID_INPUT", `${invalid.length > 20 ? "More than 20" : invalid.length} recipient number(s) are not valid Kenyan numbers.`, { recipients: invalid });
  }

  const scheduled = input.scheduledAt && input.scheduledAt.getTime() > Date.now() ? input.scheduledAt : null;
  const created = await transaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "Batch" (id, kind, name, "accountId", "authorId", "parentBatchId", "templateText", sender, originator, voice, repeat,
                            "linkId", "scheduledAt", state, "recipientCount", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now())
       RETURNING id`,
      [
        input.kind, input.name, input.accountId, input.authorId, input.parentBatchId ?? null, input.templateText,
        input.kind === "SMS" ? input.sender : null, input.kind === "VOICE" ? input.originator : null,
        input.kind === "VOICE" ? (input.voice ?? null) : null, input.kind === "VOICE" ? (input.repeat ?? null) : null,
        input.kind === "SMS" ? (input.linkId ?? null) : null, scheduled, scheduled ? "SCHEDULED" : "QUEUED", phones.length,
      ],
    );
    const batchId = rows[0]!.id;
    let suppressed = 0;
    for (let start = 0; start < phones.length; start += INSERT_CHUNK) {
      // The message id is also the correlator: unique by construction, and a receipt's correlator finds its row by key.
      const result = await client.query<{ suppressed: string }>(
        `WITH ins AS (
           INSERT INTO "Message" (id, "batchId", phone, text, state, "updatedAt")
           SELECT r.id, $1, r.phone, r.text,
                  CASE WHEN o.phone IS NULL THEN 'PENDING' ELSE 'SUPPRESSED' END::"MessageState", now()
           FROM (SELECT nextval('"Message_id_seq"') AS id, u.phone, u.text, u.ord
                 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(phone, text, ord)) r
           LEFT JOIN "OptOut" o ON o.phone = r.phone
           ORDER BY r.ord
           RETURNING state
         ) SELECT count(*) FILTER (WHERE state = 'SUPPRESSED') AS suppressed FROM ins`,
        [batchId, phones.slice(start, start + INSERT_CHUNK), texts.slice(start, start + INSERT_CHUNK)],
      );
      suppressed += Number(result.rows[0]?.suppressed ?? 0);
    }
    await client.query(
      `INSERT INTO "AuditEvent" ("actorId", action, "targetType", "targetId", detail) VALUES ($1, 'batch.create', 'Batch', $2, $3)`,
      [input.authorId, batchId, JSON.stringify({ recipients: phones.length, duplicates, suppressed, scheduledAt: scheduled })],
    );
    await enqueueBatchStart(client, batchId, scheduled);
    return { id: batchId, recipients: phones.length, duplicates, suppressed };
  });
  // A large batch can change the table's shape (on a young installation, most of it): refresh the planner's
  // statistics now rather than whenever autovacuum gets to it, or the claim and record statements of this very
  // batch may be planned as scans of the whole table.
  if (phones.length >= ANALYZE_AFTER) await pool().query(`ANALYZE "Message"`);
  return created;
}
