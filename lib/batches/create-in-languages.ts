// A list batch with language variants (issue 39): each recipient's language read from the column the caller names
// (list-languages.ts), every placeholder of every variant checked against the list's columns, one pass over the list
// that checks each row's own text and counts units per language as sent, then the batch stored from the list read in
// slices, each row rendered in its language as it is stored (create-from-list.ts does the same for one text).
//
// The duplicate-send guard, when the console asks for it (compose-batch.ts; the API's batches are never guarded,
// docs/duplicate-guard.md), compares each row on its own language's text (list-duplicates-in-languages.ts) and leaves
// out those sent it within the window unless the operator includes them, as create-from-list.ts does for one text.
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { SavedList } from "@/lib/lists/find-lists";
import { readList } from "@/lib/lists/read-list";
import {
  createBatchFromSlices,
  everyoneResent,
  type BatchOnlyInput,
  type CreatedBatch,
  type RecipientSlice,
} from "./create-batch";
import { readAhead, withoutRows } from "./create-from-list";
import { listDuplicatesInLanguages } from "./list-duplicates-in-languages";
import { countOverColumn, passOverList, type LanguageSource, type ListLanguages } from "./list-languages";
import { isBudgeted } from "@/lib/units/planned-units";
import { cannotBeTooLong } from "./plan-list";
import { checkedLanguages } from "./plan-languages";
import type { CompiledTemplate } from "@/lib/recipients/render-template";
import { variantsField, type Variant } from "./variants";
import { z } from "zod";
import { invalidInput } from "@/lib/errors/error-shape";

export async function createInLanguages(
  list: SavedList,
  settings: BatchOnlyInput,
  source: Partial<LanguageSource>,
  { guardDuplicates = false }: { guardDuplicates?: boolean } = {},
): Promise<CreatedBatch> {
  // The variants' languages as codes (variants.ts), before the column's values are matched to them.
  const parsed = z.object({ variants: variantsField }).safeParse({ variants: settings.variants });
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid batch.");
  const variants: readonly Variant[] = parsed.data.variants ?? [];
  if (!source.languageColumn) {
    const message = "Name the list's column that holds each recipient's language, so that each gets their text.";
    throw new AppError("INVALID_INPUT", message, { languageColumn: [message] });
  }
  const languages = checkedLanguages(
    list,
    { languageColumn: source.languageColumn, languageMapping: source.languageMapping },
    settings.templateText,
    variants,
  );
  // Only counting is left to do when no text can be too long and the units are not checked: one aggregate does it
  // (a pass renders every row before the first is stored: 7 % of storing 100,000 rows, BENCHMARKS.md).
  const counted =
    !(await isBudgeted(settings.accountId)) && (await noTextTooLong(list.id, languages, settings, variants))
      ? await countOverColumn(list.id, settings.kind, settings.templateText, variants, languages)
      : null;
  const pass = counted ?? (await passOverList(list.id, settings.kind, settings.templateText, variants, languages));

  // The duplicate-send guard: the rows sent their own language's text within the window, left out unless included.
  const languageSource = { languageColumn: source.languageColumn, languageMapping: source.languageMapping };
  const resent = guardDuplicates
    ? await listDuplicatesInLanguages(list, settings.templateText, variants, languageSource)
    : [];
  const excluded = settings.includeDuplicates ? new Set<number>() : new Set(resent.map((r) => r.row));
  if (excluded.size > 0 && excluded.size >= list.validCount) throw everyoneResent(excluded.size);
  const count = list.validCount - excluded.size;
  // The pass counted every row; those left out cost nothing, at the average units of a recipient (as
  // create-from-list.ts counts a personalised text's).
  const units = excluded.size && pass.recipients ? Math.ceil((pass.units / pass.recipients) * count) : pass.units;

  async function* slices(): AsyncGenerator<RecipientSlice> {
    for await (const all of readAhead(readList(list.id))) {
      const read = excluded.size === 0 ? all : withoutRows(all, excluded);
      const rendered = read.values.map((values) => languages.render(values));
      yield {
        phones: read.phones,
        rows: read.rows,
        texts: rendered.map((r) => r.text),
        languages: rendered.map((r) => r.language),
      };
    }
  }
  return createBatchFromSlices(settings, count, slices(), {
    resent: { found: resent.length, excluded: excluded.size },
    planned: { units, recipients: Math.min(pass.recipients, count) },
    auditDetail: {
      languages: Object.fromEntries(pass.plans.map((plan) => [plan.language ?? "default", plan.recipients])),
      ...(pass.unmapped.length ? { unmappedLanguages: pass.unmapped, unmappedOther: pass.unmappedOther } : {}),
    },
    inFirstTransaction: async (client, batchId) => {
      await client.query(`UPDATE "List" SET "batchId" = $2 WHERE id = $1`, [list.id, batchId]);
      await client.query(`UPDATE "Batch" SET "listId" = $2 WHERE id = $1`, [batchId, list.id]);
    },
  });
}

/** Whether every text (the default and each variant) is proven short enough for every row, without rendering. */
async function noTextTooLong(
  listId: string,
  languages: ListLanguages & { compiled: Map<string | null, CompiledTemplate> },
  settings: { templateText: string; kind: "SMS" | "VOICE" },
  variants: readonly Variant[],
): Promise<boolean> {
  for (const [language, compiled] of languages.compiled) {
    const text = language === null ? settings.templateText : variants.find((v) => v.language === language)!.text;
    if (!(await cannotBeTooLong(listId, compiled, text, settings.kind))) return false;
  }
  return true;
}
