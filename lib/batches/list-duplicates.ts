// The duplicate-send guard over a saved list (duplicate-guard.ts): the rows whose number was sent the text it would
// get now within the organisation's window. The same text for everyone is one query (the few numbers sent it, joined
// to the list); a personalised text is rendered row by row, a slice at a time, each slice asked by (hash, number).
// The planner counts these, the download lists them, and a list batch leaves them out unless told otherwise.
import "server-only";
import { readList } from "@/lib/lists/read-list";
import type { CompiledTemplate } from "@/lib/recipients/render-template";
import { duplicateWindowHours, listRowsSent, recentlySent, windowStart } from "./duplicate-guard";

export type ResentRow = { row: number; phone: string };

export async function listDuplicates(
  listId: string,
  compiled: CompiledTemplate,
  templateText: string,
  options: { now?: Date; signal?: AbortSignal | undefined } = {},
): Promise<ResentRow[]> {
  const since = windowStart(options.now ?? new Date(), await duplicateWindowHours());
  if (!compiled.personalised) return listRowsSent(listId, templateText, since);
  const found: ResentRow[] = [];
  for await (const slice of readList(listId)) {
    options.signal?.throwIfAborted();
    const texts = slice.values.map((values) => compiled.render(values).text);
    for (const i of await recentlySent(slice.phones, texts, since))
      found.push({ row: slice.rows[i]!, phone: slice.phones[i]! });
  }
  return found.sort((a, b) => a.row - b.row);
}
