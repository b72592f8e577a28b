// The duplicate-send guard over a saved list sent in several languages (issue 39, docs/duplicate-guard.md): each row is
// compared on the text it would get now — its language's variant, or the default — so a recipient sent the Kiswahili
// text yesterday is caught by a new batch with the same Kiswahili text, and not by one whose Kiswahili text differs
// even when the default text is the same. The "SentText" rows are the hash of the text each recipient got
// (store-recipients.ts remembers each row's own text), so the comparison is the same one list-duplicates.ts makes for
// one text, made once per language on that language's rows only:
//
// - which rows are which language: the column's distinct values (one aggregate over the list), each read as sending
//   reads it (list-languages.ts languageOfValue: the operator's mapping, else the lenient match);
// - per variant, its rows are those whose value is one of the values giving it; the default's, those whose value is
//   none of the values giving any variant — each one set-based statement (duplicate-guard.ts listRowsSent or
//   listRowsSentPersonalised), never a round trip per row.
import "server-only";
import { pool } from "@/lib/db/pool";
import type { SavedList } from "@/lib/lists/find-lists";
import { duplicateWindowHours, listRowsSent, listRowsSentPersonalised, windowStart } from "./duplicate-guard";
import type { RowsByValue } from "./duplicate-guard";
import type { ResentRow } from "./list-duplicates";
import { checkedLanguages } from "./plan-languages";
import type { LanguageSource } from "./list-languages";
import type { Variant } from "./variants";

/** A value longer than this (as written) names no language and is no key of a confirmed mapping: the default's. */
const LONGEST_VALUE = 200;

export async function listDuplicatesInLanguages(
  list: SavedList,
  templateText: string,
  variants: readonly Variant[],
  source: LanguageSource,
  options: { now?: Date; signal?: AbortSignal | undefined } = {},
): Promise<ResentRow[]> {
  const languages = checkedLanguages(list, source, templateText, variants);
  const since = windowStart(options.now ?? new Date(), await duplicateWindowHours());
  const { rows: distinct } = await pool().query<{ value: string }>(
    `SELECT DISTINCT coalesce(("values"::json) ->> $2::int, '') AS value
     FROM "ListRecipient" WHERE "listId" = $1 AND length(coalesce(("values"::json) ->> $2::int, '')) <= $3`,
    [list.id, languages.index, LONGEST_VALUE],
  );
  options.signal?.throwIfAborted();
  // Each value as sending reads a row's (list-languages.ts languageOf: the value trimmed, then mapped or matched).
  const valuesOf = new Map<string, string[]>();
  for (const { value } of distinct) {
    const language = languages.languageOfValue(value.trim());
    if (language !== null) valuesOf.set(language, [...(valuesOf.get(language) ?? []), value]);
  }
  const found: ResentRow[] = [];
  for (const [language, compiled] of languages.compiled) {
    const only: RowsByValue =
      language === null
        ? { column: languages.index, values: [...valuesOf.values()].flat(), except: true }
        : { column: languages.index, values: valuesOf.get(language) ?? [], except: false };
    if (!only.except && only.values.length === 0) continue; // no row gets this language
    const text = language === null ? templateText : variants.find((v) => v.language === language)!.text;
    found.push(
      ...(compiled.personalised
        ? await listRowsSentPersonalised(list.id, compiled, since, pool(), only)
        : await listRowsSent(list.id, text, since, pool(), only)),
    );
    options.signal?.throwIfAborted();
  }
  return found.sort((a, b) => a.row - b.row);
}
