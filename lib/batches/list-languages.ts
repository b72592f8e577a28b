// A list batch's recipients in their own languages (issue 39): the language comes from a column the caller names,
// each distinct value matched leniently (lib/languages/known-languages.ts: `sw`, `SW`, `Kiswahili` are one) unless the
// caller's mapping says otherwise for that value ("" or "default": the default text); a value that names no language
// with a variant gets the default, and is counted. Before anything is stored, one pass over the list renders every
// row in its language — so each variant's length is checked on the rows that get it (no more, no less), and its units
// are counted as sent (opted-out numbers, stored SUPPRESSED, cost nothing) — and says how many rows each language
// has and which values went to the default.
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { pool } from "@/lib/db/pool";
import { matchLanguage } from "@/lib/languages/known-languages";
import { readList } from "@/lib/lists/read-list";
import { formatCount } from "@/lib/numbers/format";
import { SMS_MESSAGE_MAX_CHARS, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";
import { compileTemplate, placeholderKey, type CompiledTemplate } from "@/lib/recipients/render-template";
import { smsSegments } from "@/lib/provider/wire/sms-units";
import { mergePlans, planByLanguage, type LanguagePlan } from "./variant-plan";
import type { Variant } from "./variants";

/** The column holding each recipient's language, and the caller's reading of its values (value → code, or ""). */
export type LanguageSource = { languageColumn: string; languageMapping?: Readonly<Record<string, string>> | undefined };

/** At most this many distinct unmapped values are named; the rest are counted together. */
const NAMED_UNMAPPED = 20;
/** At most this many distinct unmapped values are counted one by one while the list is read. */
const MAX_DISTINCT = 1_000;
/** At most this many distinct values of the column are shown for the operator to confirm (the most frequent). */
const SHOWN_VALUES = 50;
/** The first recipients of each language whose texts the preview shows. */
export const PREVIEWED_PER_LANGUAGE = 2;

export type ListLanguages = {
  /** The row's value in the language column, as written. */
  valueOf: (values: readonly string[]) => string;
  /** Each row's language (a variant's code) or null, and its text (null: the default as written). */
  languageOf: (values: readonly string[]) => string | null;
  /** The same, from the column's value itself (trimmed). */
  languageOfValue: (value: string) => string | null;
  /** The column's position in a row's values. */
  index: number;
  render: (values: readonly string[]) => { language: string | null; text: string | null };
};

/** The column and mapping checked against the list and the variants; refused with the field named. */
export function listLanguages(
  columns: readonly string[],
  source: LanguageSource,
  templateText: string,
  variants: readonly Variant[],
): ListLanguages & { compiled: Map<string | null, CompiledTemplate> } {
  const index = columns.findIndex((column) => placeholderKey(column) === placeholderKey(source.languageColumn));
  if (index < 0) {
    const message = `The list has no column “${source.languageColumn}”. Its columns are: ${columns.join(", ")}.`;
    throw new AppError("INVALID_INPUT", message, { languageColumn: [message] });
  }
  const mapping = new Map<string, string | null>();
  for (const [value, target] of Object.entries(source.languageMapping ?? {})) {
    const code = target.trim() === "" || target.trim().toLowerCase() === "default" ? null : matchLanguage(target);
    if (code === null && target.trim() !== "" && target.trim().toLowerCase() !== "default") {
      const message = `“${target.slice(0, 40)}” is not a language Tuma knows: give its code (sw, en, …), its name, or "default".`;
      throw new AppError("INVALID_INPUT", message, { [`languageMapping.${value}`]: [message] });
    }
    mapping.set(value.trim(), code);
  }
  const codes = new Set(variants.map((variant) => variant.language));
  const compiled = new Map<string | null, CompiledTemplate>([
    [null, compileTemplate(templateText, columns)],
    ...variants.map((variant) => [variant.language, compileTemplate(variant.text, columns)] as const),
  ]);
  const languageOfValue = (value: string) => {
    const code = mapping.has(value) ? mapping.get(value)! : matchLanguage(value);
    return code && codes.has(code) ? code : null;
  };
  const languageOf = (values: readonly string[]) => languageOfValue((values[index] ?? "").trim());
  return {
    compiled,
    valueOf: (values) => values[index] ?? "",
    languageOf,
    languageOfValue,
    index,
    render: (values) => {
      const language = languageOf(values);
      const template = compiled.get(language)!;
      return {
        language,
        // A variant's text is stored as the recipient's own even when it has no placeholder (create-batch.ts).
        text: template.personalised
          ? template.render(values).text
          : language
            ? variants.find((v) => v.language === language)!.text
            : null,
      };
    },
  };
}

/** A recipient's text as they will receive it, for the preview of their language. */
export type LanguagePreview = { language: string | null; row: number; phone: string; text: string };

export type ListLanguagePass = {
  plans: LanguagePlan[];
  /**
   * Every distinct value of the column (trimmed, as the mapping is keyed; blank as ""), the most frequent first, with
   * its rows and the language it gives (null: the default text) — what the operator confirms before sending.
   */
  values: { value: string; rows: number; language: string | null }[];
  /** Rows whose value is not among `values` (beyond the SHOWN_VALUES most frequent, or the distinct-value bound). */
  valuesOther: number;
  /** The first recipients (not opted out) of each language, in row order. */
  previews: LanguagePreview[];
  /** Values that named no language with a variant (blank ones under ""), with their rows, the most frequent first. */
  unmapped: { value: string; rows: number }[];
  unmappedOther: number;
  /** Units of the recipients not opted out, each counted from their own text. */
  units: number;
  recipients: number;
};

/** The pass over the list: refused (field variants.i.text or templateText) when a row's text would be too long. */
export async function passOverList(
  listId: string,
  kind: "SMS" | "VOICE",
  templateText: string,
  variants: readonly Variant[],
  languages: ListLanguages,
  /** The planner's request went away (the operator typed on): stop reading the list. */
  signal?: AbortSignal,
): Promise<ListLanguagePass> {
  const max = kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
  const { rows: optedOut } = await pool().query<{ row: number }>(
    `SELECT r."rowNumber" AS row FROM "ListRecipient" r JOIN "OptOut" o ON o.phone = r.phone WHERE r."listId" = $1`,
    [listId],
  );
  const skipped = new Set(optedOut.map((r) => r.row));
  let plans = planByLanguage(kind, templateText, variants, []);
  let beyond = 0;
  // Bounded: a hostile list of a million distinct values keeps at most MAX_DISTINCT of them.
  const seen = new Map<string, { rows: number; language: string | null }>();
  let unseen = 0;
  const previews: LanguagePreview[] = [];
  const previewed = new Map<string | null, number>();
  let tooLong: { row: number; language: string | null; count: number } | null = null;
  for await (const slice of readList(listId)) {
    signal?.throwIfAborted();
    // Counted a slice at a time: a 1,000,000-row list's texts are never all in memory.
    const sent: { language: string | null; text: string | null }[] = [];
    slice.values.forEach((values, i) => {
      const rendered = languages.render(values);
      const text = rendered.text ?? templateText;
      if (text.length > max)
        tooLong = tooLong
          ? { ...tooLong, count: tooLong.count + 1 }
          : { row: slice.rows[i]!, language: rendered.language, count: 1 };
      const value = languages.valueOf(values).trim().slice(0, 100);
      const counted = seen.get(value);
      if (counted) counted.rows++;
      else if (seen.size < MAX_DISTINCT) seen.set(value, { rows: 1, language: rendered.language });
      else {
        unseen++;
        if (rendered.language === null) beyond++;
      }
      if (skipped.has(slice.rows[i]!)) return;
      sent.push(rendered);
      const shown = previewed.get(rendered.language) ?? 0;
      if (shown < PREVIEWED_PER_LANGUAGE) {
        previewed.set(rendered.language, shown + 1);
        previews.push({ language: rendered.language, row: slice.rows[i]!, phone: slice.phones[i]!, text });
      }
    });
    plans = mergePlans(plans, planByLanguage(kind, templateText, variants, sent));
  }
  if (tooLong) {
    const { row, language, count } = tooLong as { row: number; language: string | null; count: number };
    const at =
      language === null ? "templateText" : `variants.${variants.findIndex((v) => v.language === language)}.text`;
    const message = `${formatCount(count)} recipient(s) would get a message longer than ${max} characters (the first is row ${row}${language ? `, in “${language}”` : ""}). Shorten the message or the values.`;
    throw new AppError("INVALID_INPUT", message, { [at]: [message] });
  }
  const frequent = [...seen.entries()].sort((a, b) => b[1].rows - a[1].rows);
  const ranked = frequent
    .filter(([, { language }]) => language === null)
    .map(([value, { rows }]) => [value, rows] as const);
  return {
    plans,
    values: frequent.slice(0, SHOWN_VALUES).map(([value, { rows, language }]) => ({ value, rows, language })),
    valuesOther: frequent.slice(SHOWN_VALUES).reduce((total, [, { rows }]) => total + rows, unseen),
    previews,
    unmapped: ranked.slice(0, NAMED_UNMAPPED).map(([value, rows]) => ({ value, rows })),
    unmappedOther: ranked.slice(NAMED_UNMAPPED).reduce((total, [, rows]) => total + rows, beyond),
    units: plans.reduce((total, plan) => total + plan.units, 0),
    recipients: plans.reduce((total, plan) => total + plan.recipients, 0),
  };
}

/**
 * The recipients per language counted by one aggregate over the language column, rendering no text: for a batch
 * whose texts cannot be too long (plan-list.ts cannotBeTooLong proved it for each) and whose units nobody checks (an
 * account without a budget), where the pass above would only count. Units are each language's text's units per
 * recipient (as create-from-list.ts counts a personalised text for such an account). Null when the column holds more
 * than MAX_DISTINCT distinct values: the pass counts those.
 */
export async function countOverColumn(
  listId: string,
  kind: "SMS" | "VOICE",
  templateText: string,
  variants: readonly Variant[],
  languages: ListLanguages,
): Promise<ListLanguagePass | null> {
  const { rows } = await pool().query<{ value: string | null; rows: number; sent: number }>(
    `SELECT left(btrim(("values"::json) ->> $2::int, E' \t\r\n'), 100) AS value, count(*)::int AS rows,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM "OptOut" o WHERE o.phone = r.phone))::int AS sent
     FROM "ListRecipient" r WHERE r."listId" = $1 GROUP BY 1 ORDER BY 2 DESC LIMIT $3`,
    [listId, languages.index, MAX_DISTINCT + 1],
  );
  if (rows.length > MAX_DISTINCT) return null;
  const plans = planByLanguage(kind, templateText, variants, []);
  const values = rows.map((row) => {
    const value = row.value ?? "";
    const language = languages.languageOfValue(value);
    const plan = plans.find((p) => p.language === language)!;
    const text = language === null ? templateText : variants.find((v) => v.language === language)!.text;
    const units = kind === "SMS" ? smsSegments(text) : 1;
    plan.recipients += row.sent;
    plan.units += units * row.sent;
    if (row.sent > 0) plan.maxSegments = Math.max(plan.maxSegments, units);
    return { value, rows: row.rows, language };
  });
  const unmapped = values.filter((v) => v.language === null);
  return {
    plans,
    values: values.slice(0, SHOWN_VALUES),
    valuesOther: values.slice(SHOWN_VALUES).reduce((total, v) => total + v.rows, 0),
    previews: [],
    unmapped: unmapped.slice(0, NAMED_UNMAPPED).map(({ value, rows }) => ({ value, rows })),
    unmappedOther: unmapped.slice(NAMED_UNMAPPED).reduce((total, v) => total + v.rows, 0),
    units: plans.reduce((total, plan) => total + plan.units, 0),
    recipients: plans.reduce((total, plan) => total + plan.recipients, 0),
  };
}
