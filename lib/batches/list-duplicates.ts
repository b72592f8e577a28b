// The duplicate-send guard over a saved list (duplicate-guard.ts): the rows whose number was sent the text it would
// get now within the organisation's window. The same text for everyone is one query (the few numbers sent it, joined
// to the list); a personalised text is rendered and hashed by PostgreSQL, row by row, in one statement.
// The planner counts these, the download lists them, and a list batch leaves them out unless told otherwise.
import "server-only";
import type { CompiledTemplate } from "@/lib/recipients/render-template";
import {
  duplicateWindowHours,
  listRowsSent,
  listRowsSentPersonalised,
  windowStart,
  type SentRow,
} from "./duplicate-guard";

export type ResentRow = SentRow;

export async function listDuplicates(
  listId: string,
  compiled: CompiledTemplate,
  templateText: string,
  options: { now?: Date; signal?: AbortSignal | undefined } = {},
): Promise<ResentRow[]> {
  const since = windowStart(options.now ?? new Date(), await duplicateWindowHours());
  options.signal?.throwIfAborted();
  if (!compiled.personalised) return listRowsSent(listId, templateText, since);
  return listRowsSentPersonalised(listId, compiled, since);
}
