// Creating a batch: its settings checked against the provider's wire contract, its recipients prepared
// (prepare-recipients.ts), then the batch, its recipients and their dispatch chunks stored in bulk, 10,000 per
// set-based statement, with its start enqueued in the same transaction as the batch row. Large batches start sending
// while the rest of their recipients are still being stored.
import "server-only";
import type { PoolClient } from "pg";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { ADVISORY_LOCKS } from "@/lib/db/advisory-locks";
import { lockPool, pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { invalidInput } from "@/lib/errors/error-shape";
import { recordAudit } from "@/lib/audit/record-audit";
import { BATCH_LIMIT } from "@/lib/provider/wire/schemas";
import { batchSettingsFields, checkBatchSettings } from "./batch-settings";
import { prepareRecipients, type RepeatRule } from "./prepare-recipients";
import { batchState } from "@/lib/states/state-sql";
import { enqueueBatchStart, enqueueBatchWeeksAnalysis } from "@/lib/jobs/queue";
import { notifyBatchReady } from "@/lib/jobs/batch-ready";
import { storeRecipients, type SentMemory } from "./store-recipients";
import { duplicateWindowHours, recentlySent, windowStart } from "./duplicate-guard";
import { checkBudget } from "@/lib/units/budget-check";
import { languageProblem } from "@/lib/accounts/voice-language";
import { variantOf, type Variant } from "./variants";
import { plannedForPhones, type Planned } from "@/lib/units/planned-units";

import { formatCount } from "@/lib/numbers/format";
/** Recipients stored with the batch row: small, so that sending starts at once. */
const FIRST_SLICE = 2_000;
/** How far ahead of the provider's rate storing runs while a batch is already sending. */
const STORE_AHEAD = 1.5;
/** Recipients stored per statement (and per commit) once the slices have grown. */
const INSERT_SLICE = 10_000;

/**
 * The slice after one of `previous` recipients: twice as large, up to INSERT_SLICE. The batch sends from the moment
 * its first slice commits, so each slice must be stored before the ones before it are sent; doubling keeps that true
 * with room to spare (storing runs several times faster than the provider's 12,000/s), where a jump from 2,000
 * straight to 10,000 did not on a busy machine: the first 20 chunks were gone before the next 100 were committed, and
 * sending stopped for ~0.1 s.
 */
export function nextSliceSize(previous: number): number {
  return Math.min(previous * 2, INSERT_SLICE);
}
const ANALYZE_AFTER = 10_000;

const batchFields = { ...batchSettingsFields, authorId: z.uuid().nullable(), parentBatchId: z.uuid().nullish() };

export const createBatchSchema = z
  .object({
    ...batchFields,
    /** Phone numbers in any of the spec's forms; each stored in the 254… form. */
    recipients: z
      .array(
        z.object({
          phone: z.string(),
          text: z.string().nullish(),
          listRow: z.number().int().nullish(),
          // The caller's reference and metadata (API only), checked against their limits by the API's schema
          // (lib/api/schemas/reference.ts) before they get here.
          reference: z.string().nullish(),
          metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullish(),
          // The recipient's language as a code (lib/languages/known-languages.ts), matched by the caller: one with a
          // variant is sent it (its text given, or the variant's as is); any other gets the default (variants.ts).
          language: z.string().nullish(),
        }),
      )
      .min(1, "Add at least one recipient."),
  })
  .superRefine(checkBatchSettings);

const batchOnlySchema = z.object(batchFields).superRefine(checkBatchSettings);

export type CreateBatchInput = z.input<typeof createBatchSchema>;
export type BatchOnlyInput = z.input<typeof batchOnlySchema>;
type BatchOnly = z.output<typeof batchOnlySchema>;

/** Recipients ready to store: numbers in the 254… form, unique across all slices; text null = the template as is. */
export type RecipientSlice = {
  phones: string[];
  texts: (string | null)[];
  /** Each recipient's row in the batch's list (Message.listRow), when it was sent from one. */
  rows?: (number | null)[] | undefined;
  /** The caller's reference and metadata (JSON text) per recipient (API only: docs/api.md "References"). */
  references?: (string | null)[] | undefined;
  metadata?: (string | null)[] | undefined;
  /** The language whose variant each recipient is sent (Message.language); null or absent: the default. */
  languages?: (string | null)[] | undefined;
};

/** A batch of at most this many recipients answers with each created message (CreatedBatch.messages). */
export const INLINE_MESSAGES = 1_000;

/** A message created, as the API's answer lists it: `index` is its recipient's in the request (null from a list). */
export type CreatedMessage = { id: string; index: number | null; phone: string; reference: string | null };

export type CreatedBatch = {
  id: string;
  recipients: number;
  duplicates: number;
  suppressed: number;
  /** Left out by the duplicate-send guard: sent the same text within the window (duplicate-guard.ts). */
  resent: { found: number; excluded: number };
  /** Every message created, in id order, when the batch has at most INLINE_MESSAGES recipients; null otherwise. */
  messages: CreatedMessage[] | null;
  /** Each repeat left out of the input (prepare-recipients.ts): its index, and the index it was merged into. */
  merged: { index: number; into: number }[];
};

export type CreateBatchOptions = {
  /**
   * Runs inside the transaction that creates the batch row and its first recipients, so whatever it writes commits
   * or rolls back with the batch (resend marks the parent's recipients there); throwing refuses the batch.
   */
  inFirstTransaction?: (client: PoolClient, batchId: string) => Promise<void>;
  /**
   * Apply the duplicate-send guard (duplicate-guard.ts): leave out recipients sent the same text within the window,
   * unless the input includes them with a reason. On for what an operator composes (compose-batch.ts: the console and
   * the API); off for a resend, which is the deliberate second send, and for the tests and benchmarks that send the
   * same text to the same numbers again on purpose.
   */
  guardDuplicates?: boolean;
  /** What the duplicate-send guard found among the slices' recipients, and how many of them the slices leave out. */
  resent?: { found: number; excluded: number };
  /**
   * The batch's units as the planner counts them (lib/units/planned-units.ts): checked against the account's units
   * (lib/units/budget-check.ts) and stored with the batch. createBatch counts them itself; a batch from slices without
   * them plans none (and is checked as needing none).
   */
  planned?: Planned;
  /** Added to the batch.create audit event: a list batch's recipients per language (list-languages.ts). */
  auditDetail?: Record<string, unknown>;
  /** What counts as a repeat in the input (prepare-recipients.ts): one per number (default), or per message (API). */
  repeats?: RepeatRule;
};

export async function createBatch(raw: CreateBatchInput, options: CreateBatchOptions = {}): Promise<CreatedBatch> {
  const parsed = createBatchSchema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid batch.");
  const { recipients, ...input } = parsed.data;
  const prepared = prepareRecipients(withVariants(recipients, input.variants), options.repeats);
  const { duplicates, merged } = prepared;
  let { phones, texts, rows, references, metadata, languages, indexes } = prepared;
  let resent = { found: 0, excluded: 0 };
  // A resend (a child batch) is the deliberate second send of the same text: the guard is for new batches.
  if (options.guardDuplicates && !input.parentBatchId) {
    const since = windowStart(new Date(), await duplicateWindowHours());
    const found = await recentlySent(
      phones,
      texts.map((text) => text ?? input.templateText),
      since,
    );
    resent = { found: found.length, excluded: input.includeDuplicates ? 0 : found.length };
    if (!input.includeDuplicates && found.length > 0) {
      const drop = new Set(found);
      const keep = (_: unknown, i: number) => !drop.has(i);
      [phones, texts, rows] = [phones.filter(keep), texts.filter(keep), rows.filter(keep)];
      [references, metadata, indexes] = [references.filter(keep), metadata.filter(keep), indexes.filter(keep)];
      languages = languages.filter(keep);
      if (phones.length === 0) throw everyoneResent(found.length);
    }
  }
  const planned = await plannedForPhones(input.accountId, input.kind, input.templateText, phones, texts);
  const created = await storeBatch(
    input,
    phones.length,
    duplicates,
    arraySlices(phones, texts, rows, references, metadata, languages),
    {
      ...options,
      resent,
      planned,
    },
  );
  // Stored in input order, so the i-th message created is the i-th recipient kept.
  const messages = created.messages?.map((message, i) => ({ ...message, index: indexes[i] ?? null })) ?? null;
  return { ...created, messages, merged };
}

/**
 * A batch whose recipients are already prepared — a stored list, normalised and de-duplicated when it was
 * uploaded — read slice by slice (a 1,000,000-row list never sits in memory). `count` is how many the slices will
 * hold (the list's count); the batch is corrected if they hold fewer (a list deleted while being read).
 */
export async function createBatchFromSlices(
  raw: BatchOnlyInput,
  count: number,
  slices: AsyncIterable<RecipientSlice>,
  options: CreateBatchOptions = {},
): Promise<CreatedBatch> {
  const parsed = batchOnlySchema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid batch.");
  if (count < 1) throw new AppError("INVALID_INPUT", "The list has no recipients.");
  return storeBatch(parsed.data, count, 0, rechunk(slices), options);
}

/**
 * Each recipient's language kept only where the batch has its variant (null otherwise: the default text), and a
 * recipient of a variant with no text of its own (the variant has no placeholders) given the variant's text: stored
 * as their own text, it is what dispatch sends, the duplicate-send guard remembers and the planner counts.
 */
function withVariants<T extends { text?: string | null | undefined; language?: string | null | undefined }>(
  recipients: T[],
  variants: readonly Variant[] | null | undefined,
): T[] {
  if (!variants?.length)
    return recipients.map((recipient) => (recipient.language ? { ...recipient, language: null } : recipient));
  return recipients.map((recipient) => {
    const variant = variantOf(variants, recipient.language ?? null);
    return variant
      ? { ...recipient, text: recipient.text ?? variant.text }
      : recipient.language
        ? { ...recipient, language: null }
        : recipient;
  });
}

export function everyoneResent(count: number): AppError {
  const message = `All ${formatCount(count)} recipient(s) were sent this text recently: nothing to send. Include them, with a reason, to send it again.`;
  return new AppError("INVALID_INPUT", message, { duplicateReason: [message] });
}

/** The arrays cut where storing cuts them: the first slice, then growing ones (views, not copies of all). */
async function* arraySlices(
  phones: string[],
  texts: (string | null)[],
  rows: (number | null)[],
  references: (string | null)[],
  metadata: (string | null)[],
  languages: (string | null)[],
): AsyncGenerator<RecipientSlice> {
  for (let start = 0, size = FIRST_SLICE; start < phones.length; size = nextSliceSize(size)) {
    const end = start + size;
    yield {
      phones: phones.slice(start, end),
      texts: texts.slice(start, end),
      rows: rows.slice(start, end),
      references: references.slice(start, end),
      metadata: metadata.slice(start, end),
      languages: languages.slice(start, end),
    };
    start = end;
  }
}

/** Slices of any size re-cut into the first slice, then growing ones (nextSliceSize). */
async function* rechunk(source: AsyncIterable<RecipientSlice>): AsyncGenerator<RecipientSlice> {
  let phones: string[] = [];
  let texts: (string | null)[] = [];
  let rows: (number | null)[] = [];
  let languages: (string | null)[] = [];
  let want = FIRST_SLICE;
  for await (const slice of source) {
    for (let i = 0; i < slice.phones.length; i++) {
      phones.push(slice.phones[i]!);
      texts.push(slice.texts[i] ?? null);
      rows.push(slice.rows?.[i] ?? null);
      languages.push(slice.languages?.[i] ?? null);
      if (phones.length === want) {
        yield { phones, texts, rows, languages };
        [phones, texts, rows, languages, want] = [[], [], [], [], nextSliceSize(want)];
      }
    }
  }
  if (phones.length > 0) yield { phones, texts, rows, languages };
}

/**
 * The batch row and its first slice in one transaction (sending can start when it commits), then the rest slice by
 * slice, then the batch's count made final. Each step is a function below, in the order it runs.
 */
async function storeBatch(
  input: BatchOnly,
  count: number,
  duplicates: number,
  slices: AsyncGenerator<RecipientSlice>,
  options: CreateBatchOptions,
): Promise<CreatedBatch> {
  const scheduled = input.scheduledAt && input.scheduledAt.getTime() > Date.now() ? input.scheduledAt : null;
  const storing = count > FIRST_SLICE;
  // While a large batch is being stored, this session holds a lock named after it: if the process dies half-way,
  // the lock goes with it and a worker fails the batch instead of leaving it half-stored for ever
  // (lib/dispatch/interrupted-storing.ts). Asked for now, while the account is read: a new session pays
  // PostgreSQL's authentication (15–35 ms measured), which would otherwise come before the batch's first send.
  const connecting = storing ? lockPool().connect() : Promise.resolve(null);
  // Its failure (every connection busy) is thrown where it is awaited, below: not an unhandled rejection meanwhile.
  connecting.catch(() => {});
  let account: SendingAccount;
  let variants: Variant[] | null;
  try {
    account = await sendingAccount(input);
    variants = withVoiceLanguages(input, account);
  } catch (error) {
    void connecting.then(
      (session) => session?.release(),
      () => {},
    );
    throw error;
  }
  const chunkSize = Math.max(1, Math.min(account.batchSizeLimit, BATCH_LIMIT));
  const memory = { template: input.templateText, sentAt: scheduled ?? new Date() };
  const resent = options.resent ?? { found: 0, excluded: 0 };
  const planned = options.planned ?? { units: 0, recipients: 0 };

  const lockSession = await connecting;
  try {
    const created = await transaction(async (client) => {
      const batchId = await insertBatchRow(client, input, { count, storing, scheduled, planned, variants });
      await checkBudget(client, {
        accountId: input.accountId,
        batchId,
        // With escalation, the worst case too: every recipient sent an SMS called once, a voice unit each
        // (lib/escalation/worst-case.ts), as Compose's units line counts it.
        needs: planned.units + (input.escalateAfterMinutes ? planned.recipients : 0),
        authorId: input.authorId,
        override: input.overrideBudget ?? false,
        reason: input.budgetReason ?? null,
      });
      if (lockSession)
        await lockSession.query("SELECT pg_advisory_lock($1, hashtext($2))", [ADVISORY_LOCKS.STORING_BATCH, batchId]);
      const first = await slices.next();
      if (first.done) throw new AppError("INVALID_INPUT", "Add at least one recipient.");
      const { suppressed, firstId, ids } = await storeRecipients(client, batchId, first.value, chunkSize, memory);
      // Later slices' ids are higher: this is the batch's lowest for good (the claim's bound, lib/dispatch/claim.ts).
      await client.query(`UPDATE "Batch" SET "firstMessageId" = $2 WHERE id = $1`, [batchId, firstId]);
      await auditCreation(client, input, batchId, { count, duplicates, scheduled, resent }, options.auditDetail);
      await enqueueBatchStart(client, batchId, scheduled);
      await options.inFirstTransaction?.(client, batchId);
      if (!scheduled) await notifyBatchReady(client, batchId);
      // A small batch is whole in its first slice (INLINE_MESSAGES < FIRST_SLICE): its messages, for the answer.
      const messages =
        count <= INLINE_MESSAGES
          ? ids.map((id, i) => ({
              id,
              index: null,
              phone: first.value.phones[i]!,
              reference: first.value.references?.[i] ?? null,
            }))
          : null;
      return { id: batchId, suppressed, stored: first.value.phones.length, messages };
    });
    const rest = await storeTheRest(created.id, slices, {
      // A scheduled batch is not sending yet: it is stored at full speed.
      rate: scheduled ? null : STORE_AHEAD * account.requestsPerSecond * chunkSize,
      chunkSize,
      memory,
    });
    const stored = created.stored + rest.stored;
    await finishStoring(created.id, storing, count, stored);
    return {
      id: created.id,
      recipients: stored,
      duplicates,
      suppressed: created.suppressed + rest.suppressed,
      resent,
      messages: stored === created.stored ? created.messages : null,
      merged: [],
    };
  } finally {
    if (lockSession) {
      await lockSession.query("SELECT pg_advisory_unlock_all()").catch(() => {});
      lockSession.release();
    }
  }
}

type SendingAccount = {
  batchSizeLimit: number;
  requestsPerSecond: number;
  languageField: string | null;
  languages: string[];
};

/** The account the batch is sent through: its limits, and (for voice) whether it offers the batch's language. */
async function sendingAccount(input: BatchOnly): Promise<SendingAccount> {
  const { rows } = await pool().query<SendingAccount>(
    `SELECT "batchSizeLimit", "requestsPerSecond", "languageField", languages FROM "ProviderAccount" WHERE id = $1`,
    [input.accountId],
  );
  const account = rows[0];
  if (!account) throw new AppError("INVALID_INPUT", "That provider account does not exist.");
  if (input.kind === "VOICE") {
    const problem = languageProblem(input.language, account);
    if (problem) throw problem;
  }
  return account;
}

/**
 * The variants as stored (Batch.variants), each voice variant with the value of the account's language field it is
 * sent with: the one given, or else the variant's own code when the account allows it. Refused with the variant's
 * path: a value the account does not allow, any value on an account that names no field, and a voice variant on an
 * account with a field but no value for it. An SMS batch's variants carry no voice language (variants.ts).
 */
function withVoiceLanguages(input: BatchOnly, account: SendingAccount): Variant[] | null {
  if (!input.variants?.length) return null;
  return input.variants.map((variant, i) => {
    const path = `variants.${i}.voiceLanguage`;
    if (input.kind !== "VOICE")
      return { language: variant.language, text: variant.text, escalationText: variant.escalationText ?? null };
    let voiceLanguage = variant.voiceLanguage ?? null;
    if (!voiceLanguage && account.languageField) {
      if (!account.languages.includes(variant.language)) {
        const message = `Choose the voice language for “${variant.language}”: one of ${account.languages.join(", ")}.`;
        throw new AppError("INVALID_INPUT", message, { [path]: [message] });
      }
      voiceLanguage = variant.language;
    }
    const problem = languageProblem(voiceLanguage, account);
    if (problem) throw new AppError("INVALID_INPUT", problem.message, { [path]: [problem.message] });
    return { language: variant.language, text: variant.text, voiceLanguage };
  });
}

/** The Batch row, each value beside its column's name; its id. */
async function insertBatchRow(
  client: PoolClient,
  input: BatchOnly,
  facts: { count: number; storing: boolean; scheduled: Date | null; planned: Planned; variants: Variant[] | null },
): Promise<string> {
  const voice = input.kind === "VOICE";
  const escalates = Boolean(input.escalateAfterMinutes);
  const columns: Record<string, unknown> = {
    kind: input.kind,
    name: input.name,
    accountId: input.accountId,
    authorId: input.authorId,
    parentBatchId: input.parentBatchId ?? null,
    templateText: input.templateText,
    sender: voice ? null : input.sender,
    originator: voice ? input.originator : null,
    voice: voice ? (input.voice ?? null) : null,
    repeat: voice ? (input.repeat ?? null) : null,
    linkId: voice ? null : (input.linkId ?? null),
    scheduledAt: facts.scheduled,
    // Not scheduled: SENDING at once, so workers pick it up on their next look (the start job then finds it
    // started and does nothing); scheduled: the job starts it when its time comes.
    state: facts.scheduled ? "SCHEDULED" : "SENDING",
    recipientCount: facts.count,
    storing: facts.storing,
    promotional: input.promotional ?? false,
    plannedUnits: facts.planned.units,
    plannedRecipients: facts.planned.recipients,
    language: voice ? (input.language ?? null) : null,
    variants: facts.variants ? JSON.stringify(facts.variants) : null,
    // SMS → voice escalation (docs/escalation.md): checkEscalation allows it on SMS batches only.
    escalateAfterMinutes: input.escalateAfterMinutes ?? null,
    escalationText: escalates ? (input.escalationText ?? null) : null,
    escalationVoice: escalates ? (input.escalationVoice ?? null) : null,
    escalationRepeat: escalates ? (input.escalationRepeat ?? null) : null,
  };
  const names = Object.keys(columns);
  const state = `$${names.indexOf("state") + 1}::"BatchState"`;
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO "Batch" (id, ${names.map((name) => `"${name}"`).join(", ")}, "startedAt", "updatedAt")
     VALUES (gen_random_uuid(), ${names.map((name, i) => (name === "state" ? state : `$${i + 1}`)).join(", ")},
             CASE WHEN ${state} = ${batchState("SENDING")} THEN now() END, now())
     RETURNING id`,
    Object.values(columns),
  );
  return rows[0]!.id;
}

/** batch.create in the audit log, in the batch's first transaction. */
async function auditCreation(
  client: PoolClient,
  input: BatchOnly,
  batchId: string,
  facts: { count: number; duplicates: number; scheduled: Date | null; resent: { found: number; excluded: number } },
  extra: Record<string, unknown> = {},
): Promise<void> {
  const { resent } = facts;
  await recordAudit(
    {
      actorId: input.authorId,
      action: "batch.create",
      targetType: "Batch",
      targetId: batchId,
      detail: {
        recipients: facts.count,
        duplicates: facts.duplicates,
        scheduledAt: facts.scheduled,
        ...(input.promotional ? { promotional: true } : {}),
        ...(input.escalateAfterMinutes ? { escalateAfterMinutes: input.escalateAfterMinutes } : {}),
        // The duplicate-send guard: how many were sent this text within the window, and whether they were left
        // out or (with the operator's reason) included.
        ...(resent.found > 0 || input.includeDuplicates
          ? {
              resent: resent.found,
              resentExcluded: resent.excluded,
              ...(input.includeDuplicates ? { resentReason: input.duplicateReason ?? null } : {}),
            }
          : {}),
        ...extra,
      },
    },
    client,
  );
}

/**
 * The slices after the first, one committed slice at a time: the first is committed and already being sent, so a
 * 100,000-recipient batch starts sending within a second instead of after all of it is stored. Sending is capped by
 * the provider's rate, so storing need only stay ahead of it; paced to `rate` recipients a second (STORE_AHEAD × the
 * provider's), it leaves the database room to send at full speed meanwhile instead of competing with it in a burst.
 * `rate` null: as fast as it goes.
 */
async function storeTheRest(
  batchId: string,
  slices: AsyncGenerator<RecipientSlice>,
  how: { rate: number | null; chunkSize: number; memory: SentMemory },
): Promise<{ stored: number; suppressed: number }> {
  const started = performance.now();
  let stored = 0;
  let suppressed = 0;
  for await (const slice of slices) {
    if (how.rate !== null) {
      const wait = started + (stored / how.rate) * 1000 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const result = await transaction((client) => storeRecipients(client, batchId, slice, how.chunkSize, how.memory));
    suppressed += result.suppressed;
    stored += slice.phones.length;
  }
  return { stored, suppressed };
}

/** The batch stored: no longer `storing`, its count what was stored (a list deleted while read holds fewer). */
async function finishStoring(batchId: string, storing: boolean, count: number, stored: number): Promise<void> {
  if (storing || stored !== count) {
    await pool().query(`UPDATE "Batch" SET storing = false, "recipientCount" = $2, "updatedAt" = now() WHERE id = $1`, [
      batchId,
      stored,
    ]);
  }
  // A large batch can change the table's shape (on a young installation, most of it): its weeks' statistics are
  // refreshed by a worker now rather than whenever autovacuum gets to them, after the answer (lib/jobs/queue.ts).
  if (stored >= ANALYZE_AFTER) await enqueueBatchWeeksAnalysis(batchId);
}
