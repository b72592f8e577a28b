// A batch from a saved list: the template rendered for every recipient from its own row. Checked first: placeholders
// naming no column are refused by name; texts too long are refused by the planner's pass, which is skipped when one
// aggregate proves none can be. Then created from the list read in slices (the next read while one is stored), each
// rendered as it is stored — a 1,000,000-row list never sits in memory.
import "server-only";
import { compileTemplate } from "@/lib/recipients/render-template";
import { readList } from "@/lib/lists/read-list";
import {
  createBatchFromSlices,
  everyoneResent,
  type BatchOnlyInput,
  type CreatedBatch,
  type RecipientSlice,
} from "./create-batch";
import { listDuplicates } from "./list-duplicates";
import { cannotBeTooLong, loadList, planList, refusalOf, unknownPlaceholders } from "./plan-list";
import { pool } from "@/lib/db/pool";
import { isBudgeted, unitsOfText, type Planned } from "@/lib/units/planned-units";
import { createInLanguages } from "./create-in-languages";
import type { LanguageSource } from "./list-languages";

/** `languageColumn` and `languageMapping`: where each recipient's language is (list-languages.ts), with variants. */
export type ListBatchInput = BatchOnlyInput & { listId: string } & Partial<LanguageSource>;

/** `guardDuplicates`: apply the duplicate-send guard (create-batch.ts, CreateBatchOptions). */
export async function createBatchFromList(
  { listId, languageColumn, languageMapping, ...settings }: ListBatchInput,
  { guardDuplicates = false }: { guardDuplicates?: boolean } = {},
): Promise<CreatedBatch> {
  const list = await loadList(listId);
  if (Array.isArray(settings.variants) && settings.variants.length > 0)
    return createInLanguages(list, settings, { languageColumn, languageMapping }, { guardDuplicates });
  const compiled = compileTemplate(settings.templateText, list.columns);
  const unknown = unknownPlaceholders(compiled, list);
  if (unknown) throw unknown;
  if (!(await cannotBeTooLong(list.id, compiled, settings.templateText, settings.kind))) {
    const plan = await planList({
      listId,
      templateText: settings.templateText,
      kind: settings.kind,
      accountId: settings.accountId,
      recent: false,
    });
    const refusal = refusalOf(plan, list, compiled);
    if (refusal) throw refusal;
  }

  // The duplicate-send guard: the rows sent this text within the window, left out unless the operator includes them.
  const resent = guardDuplicates ? await listDuplicates(list.id, compiled, settings.templateText) : [];
  const excluded = settings.includeDuplicates ? new Set<number>() : new Set(resent.map((r) => r.row));
  if (excluded.size > 0 && excluded.size >= list.validCount) throw everyoneResent(excluded.size);

  async function* slices(): AsyncGenerator<RecipientSlice> {
    for await (const read of readAhead(readList(list.id))) {
      const slice = excluded.size === 0 ? read : withoutRows(read, excluded);
      yield {
        phones: slice.phones,
        rows: slice.rows,
        texts: compiled.personalised
          ? slice.values.map((values) => compiled.render(values).text)
          : slice.phones.map(() => null),
      };
    }
  }
  const count = list.validCount - excluded.size;
  const planned = await plannedForList(settings, list.id, count, compiled.personalised);
  return createBatchFromSlices(settings, count, slices(), {
    resent: { found: resent.length, excluded: excluded.size },
    planned,
    inFirstTransaction: async (client, batchId) => {
      await client.query(`UPDATE "List" SET "batchId" = $2 WHERE id = $1`, [list.id, batchId]);
      // The batch keeps its list (and each recipient its row, Message.listRow): its page shows, exports and searches
      // the list's columns.
      await client.query(`UPDATE "Batch" SET "listId" = $2 WHERE id = $1`, [batchId, list.id]);
    },
  });
}

/**
 * A list batch's units as the planner counts them (lib/units/planned-units.ts). For a budgeted account, opted-out
 * numbers are left out, and a personalised text is counted by the planner's pass over the list (each recipient's own
 * text); otherwise the template's units per recipient stand in (those figures refuse nothing).
 */
async function plannedForList(
  settings: { accountId: string; kind: "SMS" | "VOICE"; templateText: string },
  listId: string,
  count: number,
  personalised: boolean,
): Promise<Planned> {
  if (!(await isBudgeted(settings.accountId)))
    return { units: unitsOfText(settings.kind, settings.templateText) * count, recipients: count };
  const { rows } = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "ListRecipient" r JOIN "OptOut" o ON o.phone = r.phone WHERE r."listId" = $1`,
    [listId],
  );
  const recipients = Math.max(0, count - (rows[0]?.n ?? 0));
  if (!personalised) return { units: unitsOfText(settings.kind, settings.templateText) * recipients, recipients };
  const plan = await planList({ listId, ...settings, recent: false });
  const sent = plan.recipients - plan.optedOut;
  return { units: sent > 0 ? Math.ceil((plan.units / sent) * recipients) : 0, recipients };
}

export function withoutRows<T extends { rows: number[]; phones: string[]; values: string[][] }>(
  slice: T,
  rows: Set<number>,
): T {
  const keep = slice.rows.map((row) => !rows.has(row));
  return {
    ...slice,
    rows: slice.rows.filter((_, i) => keep[i]),
    phones: slice.phones.filter((_, i) => keep[i]),
    values: slice.values.filter((_, i) => keep[i]),
  };
}

/** Asks for the next item as soon as one is handed out, so reading the next slice overlaps storing this one. */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      // Should the consumer stop early, a failure of the read it no longer waits for is not unhandled.
      next.catch(() => {});
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}
