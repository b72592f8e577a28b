// A batch from a saved list: the template rendered for every recipient from its own row. Checked first: placeholders
// naming no column are refused by name; texts too long are refused by the planner's pass, which is skipped when one
// aggregate proves none can be. Then created from the list read in slices (the next read while one is stored), each
// rendered as it is stored — a 1,000,000-row list never sits in memory.
import "server-only";
import { compileTemplate } from "@/lib/recipients/render-template";
import { readList } from "@/lib/lists/read-list";
import { createBatchFromSlices, type BatchOnlyInput, type CreatedBatch, type RecipientSlice } from "./create-batch";
import { cannotBeTooLong, loadList, planList, refusalOf, unknownPlaceholders } from "./plan-list";

export type ListBatchInput = BatchOnlyInput & { listId: string };

export async function createBatchFromList({ listId, ...settings }: ListBatchInput): Promise<CreatedBatch> {
  const list = await loadList(listId);
  const compiled = compileTemplate(settings.templateText, list.columns);
  const unknown = unknownPlaceholders(compiled, list);
  if (unknown) throw unknown;
  if (!(await cannotBeTooLong(list.id, compiled, settings.templateText, settings.kind))) {
    const plan = await planList({
      listId,
      templateText: settings.templateText,
      kind: settings.kind,
      accountId: settings.accountId,
    });
    const refusal = refusalOf(plan, list, compiled);
    if (refusal) throw refusal;
  }

  async function* slices(): AsyncGenerator<RecipientSlice> {
    for await (const slice of readAhead(readList(list.id))) {
      yield {
        phones: slice.phones,
        rows: slice.rows,
        texts: compiled.personalised
          ? slice.values.map((values) => compiled.render(values).text)
          : slice.phones.map(() => null),
      };
    }
  }
  return createBatchFromSlices(settings, list.validCount, slices(), {
    inFirstTransaction: async (client, batchId) => {
      await client.query(`UPDATE "List" SET "batchId" = $2 WHERE id = $1`, [list.id, batchId]);
      // The batch keeps its list (and each recipient its row, Message.listRow): its page shows, exports and searches
      // the list's columns.
      await client.query(`UPDATE "Batch" SET "listId" = $2 WHERE id = $1`, [batchId, list.id]);
    },
  });
}

/** Asks for the next item as soon as one is handed out, so reading the next slice overlaps storing this one. */
async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
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
