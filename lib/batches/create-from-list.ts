// A batch from a saved list: the template rendered for every recipient from its own row. Checked first with the
// planner's pass (placeholders naming no column, texts too long), then created from the list read in slices, each
// rendered as it is stored — a 1,000,000-row list never sits in memory.
import "server-only";
import { compileTemplate } from "@/lib/recipients/render-template";
import { readList } from "@/lib/recipients/read-list";
import { createBatchFromSlices, type BatchOnlyInput, type CreatedBatch, type RecipientSlice } from "./create-batch";
import { loadList, planList, refusalOf, unknownPlaceholders } from "./plan-list";

export type ListBatchInput = BatchOnlyInput & { listId: string };

export async function createBatchFromList({ listId, ...settings }: ListBatchInput): Promise<CreatedBatch> {
  const list = await loadList(listId);
  const compiled = compileTemplate(settings.templateText, list.columns);
  const unknown = unknownPlaceholders(compiled, list);
  if (unknown) throw unknown;
  const plan = await planList({ listId, templateText: settings.templateText, kind: settings.kind, accountId: settings.accountId });
  const refusal = refusalOf(plan, list, compiled);
  if (refusal) throw refusal;

  async function* slices(): AsyncGenerator<RecipientSlice> {
    for await (const slice of readList(list.id)) {
      yield {
        phones: slice.phones,
        texts: compiled.personalised ? slice.values.map((values) => compiled.render(values).text) : slice.phones.map(() => null),
      };
    }
  }
  return createBatchFromSlices(settings, plan.recipients, slices(), {
    inFirstTransaction: async (client, batchId) => {
      await client.query(`UPDATE "Upload" SET "batchId" = $2 WHERE id = $1`, [list.id, batchId]);
    },
  });
}
