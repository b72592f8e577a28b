// Compose's preview and planner for a saved list: the template compiled against the list's columns, then one pass
// over every recipient (read in slices) rendering each text to count SMS units, empty values and texts too long to
// send; the first recipients' texts kept to show exactly as they will arrive. The same pass checks a list batch
// before it is created, so whatever the preview reports is what refuses it.
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { pool } from "@/lib/db/pool";
import { SMS_MESSAGE_MAX_CHARS, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";
import { smsEncoding, smsSegments, ucs2Characters } from "@/lib/provider/wire/sms-units";
import { getList, type SavedList } from "@/lib/lists/find-lists";
import { readList } from "@/lib/lists/read-list";
import { compileTemplate, type CompiledTemplate } from "@/lib/recipients/render-template";
import { sendPlan, type SendPlan } from "./plan";
import { listDuplicates } from "./list-duplicates";
import { formatCount } from "@/lib/numbers/format";

export const PREVIEWED = 5;

export type PreviewMessage = {
  row: number;
  phone: string;
  text: string;
  characters: number;
  encoding: "GSM-7" | "UCS-2";
  segments: number;
  ucs2: string[];
  /** Sent this text within the duplicate window: left out unless the operator includes them (duplicate-guard.ts). */
  recent?: true;
  /** In a batch in several languages: the language the recipient gets ("Kiswahili (sw)", "Default"). */
  language?: string;
};

export type ListPlan = SendPlan & {
  list: { id: string; filename: string; columns: string[] };
  kind: "SMS" | "VOICE";
  unknown: string[];
  previews: PreviewMessage[];
  /** Recipients with at least one empty placeholder, and how many per placeholder. */
  emptyRows: number;
  emptyByPlaceholder: Record<string, number>;
  /** Rendered texts longer than the provider accepts; the first such row. */
  tooLong: number;
  firstTooLongRow: number | null;
  maxCharacters: number;
  /** Numbers on the opt-out list now: stored SUPPRESSED, never sent (and not counted in `units`). */
  optedOut: number;
  /** SMS segments per message → recipients who get that many (those sent to): "1–2 segments; 41 need 2". */
  segments: Record<number, number>;
  /**
   * Of those sent to (not opted out), the recipients the duplicate-send guard finds sent this text recently, with
   * their units and segments: the plan subtracts them exactly unless the operator includes them (plan-figures.ts).
   */
  recentlySent: { recipients: number; units: number; segments: Record<number, number> };
};

export type PlanInput = {
  listId: string;
  templateText: string;
  kind: "SMS" | "VOICE";
  accountId: string;
  /** Ask the duplicate-send guard's question too (Compose's preview); a batch's own checks ask it themselves. */
  recent?: boolean | undefined;
};

export async function loadList(listId: string): Promise<SavedList> {
  const list = await getList(listId);
  if (!list)
    throw new AppError("NOT_FOUND", "That list does not exist (any more). Choose another one.", {
      listId: ["Choose a saved list."],
    });
  return list;
}

export function unknownPlaceholders(compiled: CompiledTemplate, list: SavedList): AppError | null {
  if (compiled.unknown.length === 0) return null;
  const names = compiled.unknown.map((name) => `{{${name}}}`).join(", ");
  const message = `The list “${list.filename}” has no column for ${names}. Its placeholders are: ${list.columns.map((c) => `{{${c}}}`).join(" ")}.`;
  return new AppError("INVALID_INPUT", message, { templateText: [message] });
}

/** `signal`: the request that asked went away (the operator typed on) — stop reading the list. */
export async function planList(input: PlanInput, signal?: AbortSignal): Promise<ListPlan> {
  const list = await loadList(input.listId);
  const { rows: accounts } = await pool().query<{ batchSizeLimit: number; requestsPerSecond: number }>(
    `SELECT "batchSizeLimit", "requestsPerSecond" FROM "ProviderAccount" WHERE id = $1`,
    [input.accountId],
  );
  if (!accounts[0])
    throw new AppError("INVALID_INPUT", "That provider account does not exist.", {
      accountId: ["Choose a provider account."],
    });
  const compiled = compileTemplate(input.templateText, list.columns);
  const max = input.kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
  const plan: Omit<ListPlan, keyof SendPlan> = {
    list: { id: list.id, filename: list.filename, columns: list.columns },
    kind: input.kind,
    unknown: compiled.unknown,
    previews: [],
    emptyRows: 0,
    emptyByPlaceholder: {},
    tooLong: 0,
    firstTooLongRow: null,
    maxCharacters: 0,
    optedOut: 0,
    segments: {},
    recentlySent: { recipients: 0, units: 0, segments: {} },
  };
  // The rows whose number is opted out now (few, as a rule): they are stored SUPPRESSED, so they cost no units.
  const optedOutRows = new Set(
    (
      await pool().query<{ rowNumber: number }>(
        `SELECT r."rowNumber" FROM "ListRecipient" r JOIN "OptOut" o ON o.phone = r.phone WHERE r."listId" = $1`,
        [list.id],
      )
    ).rows.map((row) => row.rowNumber),
  );
  plan.optedOut = optedOutRows.size;
  // The rows the duplicate-send guard leaves out (the same question Compose's guard asks, list-duplicates.ts): the
  // preview reads past them to the first recipients who will get the text, keeping the first few of them, tagged, for
  // an operator who includes them (issue 35: the preview showed already-sent patients as receiving the text).
  const recentRows = new Set<number>();
  if (compiled.unknown.length === 0 && input.recent !== false)
    for (const row of await listDuplicates(list.id, compiled, input.templateText, { signal }))
      if (!optedOutRows.has(row.row)) recentRows.add(row.row);
  const recent = plan.recentlySent;
  recent.recipients = recentRows.size;
  let previewedRecent = 0;
  let recipients = 0;
  let units = 0;
  if (compiled.unknown.length === 0) {
    // A template without placeholders is the same text for everyone: one count, no pass over the list.
    const fixed = compiled.personalised ? null : input.templateText;
    const fixedUnits = fixed !== null && input.kind === "SMS" ? smsSegments(fixed) : 1;
    // The preview shows only recipients who will be sent the text: an opted-out row is skipped (issue 35), so a text
    // the same for everyone reads past the opted-out rows to find its first recipients.
    const limit = PREVIEWED + optedOutRows.size + recentRows.size;
    for await (const slice of readList(list.id, fixed === null ? {} : { limit })) {
      signal?.throwIfAborted();
      for (let i = 0; i < slice.phones.length; i++) {
        const { text, empty } = fixed === null ? compiled.render(slice.values[i]!) : { text: fixed, empty: [] };
        const segments = input.kind === "SMS" ? smsSegments(text) : 1;
        recipients++;
        const row = slice.rows[i]!;
        const sent = !optedOutRows.has(row);
        const isRecent = recentRows.has(row);
        if (sent) {
          units += segments;
          plan.segments[segments] = (plan.segments[segments] ?? 0) + 1;
          if (isRecent) {
            recent.units += segments;
            recent.segments[segments] = (recent.segments[segments] ?? 0) + 1;
          }
        }
        if (empty.length > 0) {
          plan.emptyRows++;
          for (const name of empty) plan.emptyByPlaceholder[name] = (plan.emptyByPlaceholder[name] ?? 0) + 1;
        }
        if (text.length > plan.maxCharacters) plan.maxCharacters = text.length;
        if (text.length > max) {
          plan.tooLong++;
          plan.firstTooLongRow ??= slice.rows[i]!;
        }
        // The first PREVIEWED who will get it, and the first PREVIEWED of the guard's (tagged): whichever way the
        // operator chooses, the first five sent to are among them, in row order.
        if (sent && (isRecent ? previewedRecent < PREVIEWED : plan.previews.length - previewedRecent < PREVIEWED)) {
          if (isRecent) previewedRecent++;
          plan.previews.push({
            row,
            phone: slice.phones[i]!,
            text,
            characters: text.length,
            encoding: smsEncoding(text),
            segments,
            ucs2: ucs2Characters(text),
            ...(isRecent ? { recent: true as const } : {}),
          });
        }
      }
    }
    if (fixed !== null) {
      recipients = list.validCount;
      const sent = recipients - plan.optedOut;
      units = fixedUnits * sent;
      plan.segments = sent > 0 ? { [fixedUnits]: sent } : {};
      recent.units = fixedUnits * recent.recipients;
      recent.segments = recent.recipients > 0 ? { [fixedUnits]: recent.recipients } : {};
    }
  }
  return { ...plan, ...sendPlan(recipients, units, accounts[0]) };
}

/**
 * True when no rendered text can be too long, proven without rendering. Lengths are counted in UTF-8 bytes, never
 * fewer than the UTF-16 units the limit is in (an emoji is one character to PostgreSQL's length() but two units to
 * JavaScript and the provider's schema, and four bytes). Two bounds, the cheaper first:
 *  - a value is never longer than its row's stored JSON text, so the template's own text plus that many per
 *    placeholder bounds every message (one aggregate over the rows' lengths);
 *  - else, the template plus the longest value of each column it uses: a long column it does not use (notes, an
 *    address) no longer forces a pass that renders every row (2–7 s for 1,000,000 rows here, before the first send).
 */
export async function cannotBeTooLong(
  listId: string,
  compiled: CompiledTemplate,
  templateText: string,
  kind: "SMS" | "VOICE",
): Promise<boolean> {
  const max = kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
  if (!compiled.personalised) return templateText.length <= max;
  const { rows } = await pool().query<{ longest: number | null }>(
    `SELECT max(octet_length("values"))::int AS longest FROM "ListRecipient" WHERE "listId" = $1`,
    [listId],
  );
  if (templateText.length + compiled.slots * (rows[0]?.longest ?? 0) <= max) return true;
  return templateText.length + (await longestUsedValues(listId, compiled.columns)) <= max;
}

/** The sum, over `columns` (list column indexes, repeated when used twice), of each column's longest value in bytes. */
async function longestUsedValues(listId: string, columns: number[]): Promise<number> {
  const used = [...new Set(columns)];
  const { rows } = await pool().query<Record<string, number | null>>(
    `SELECT ${used.map((_, k) => `max(octet_length(v ->> $${k + 2}::int))::int AS c${k}`).join(", ")}
     FROM (SELECT "values"::json AS v FROM "ListRecipient" WHERE "listId" = $1) AS r`,
    [listId, ...used],
  );
  const longest = new Map(used.map((column, k) => [column, rows[0]?.[`c${k}`] ?? 0]));
  return columns.reduce((sum, column) => sum + (longest.get(column) ?? 0), 0);
}

/** A list batch is refused, before anything is stored, for the reasons its plan shows. */
export function refusalOf(plan: ListPlan, list: SavedList, compiled: CompiledTemplate): AppError | null {
  const unknown = unknownPlaceholders(compiled, list);
  if (unknown) return unknown;
  if (plan.recipients === 0)
    return new AppError("INVALID_INPUT", "The list has no recipients.", { listId: ["The list has no recipients."] });
  if (plan.tooLong > 0) {
    const max = plan.kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
    const message = `${formatCount(plan.tooLong)} recipient(s) would get a message longer than ${max} characters (the first is row ${plan.firstTooLongRow}). Shorten the message or the values.`;
    return new AppError("INVALID_INPUT", message, { templateText: [message] });
  }
  return null;
}
