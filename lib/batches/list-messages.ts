// A page of a batch's recipients in id order (keyset pagination: as fast on page 10,000 as on page 1), optionally
// of one state or of those without a final receipt after the no-receipt age, or the ones a search finds (a phone
// through the phone index, a correlator through the primary key, a name or any other cell of the batch's list through
// the list's search text: list-search.ts), optionally of one language (language-filter.ts), each with its row of the
// list when the batch was sent from one.
//
// The sort is on the bigint column itself. Selecting `id::text AS id` and then `ORDER BY id` sorts by the *output*
// column, the text ("1000000" < "999999"), while the keyset condition compares numbers: every page then started
// after rows it never showed (an export of 1,000,000 recipients returned 949,496), and the text sort could not use
// the (batchId, id) index. Hence `ORDER BY m.id`, and the text made only in the output.
import "server-only";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import type { MessageState } from "@/lib/generated/prisma/enums";
import { noReceiptSql } from "./no-receipt";
import { AppError } from "@/lib/errors/app-error";
import { batchList, listMatchSql } from "./list-search";
import { noListToSearch, type RecipientSearch } from "./recipient-search";
import { languageFilterSql, type LanguageFilter } from "./language-filter";
import { NO_RECEIPT, isUncommonState, type MessageFilter } from "@/lib/states/states";

export type MessageRow = {
  id: string;
  phone: string;
  state: MessageState;
  deliveryStatus: string | null;
  providerUniqueId: string | null;
  operator: string | null;
  smsUnits: number | null;
  text: string | null;
  submittedAt: Date | null;
  receiptAt: Date | null;
  lastError: string | null;
  /** An escalating SMS's call (Message.callState, docs/escalation.md): the call's state; null when not called. */
  callState: MessageState | null;
  /** The caller's reference and metadata (API batches: docs/api.md "References"); null when none. */
  reference: string | null;
  metadata: Record<string, string | number | boolean> | null;
  /** The language whose variant the recipient was sent (Message.language, issue 39); null: the default text. */
  language: string | null;
  /** The recipient's row in the batch's list (every column, in the list's order); null for typed numbers. */
  cells: string[] | null;
};

export type MessagePage = { rows: MessageRow[]; next: string | null };

export const PAGE_SIZE_MAX = 1000;

/** Which of a batch's recipients a page, an export or the API's list shows: a state, a search, a language. */
export type MessageView = {
  filter?: MessageFilter | null;
  search?: RecipientSearch | null;
  language?: LanguageFilter | null;
};

export async function listMessages(
  batchId: string,
  options: MessageView & { after?: string; limit?: number } = {},
): Promise<MessagePage> {
  // One row past a full page is allowed: the API reads limit + 1 to say whether another page follows (has_more).
  const limit = Math.min(options.limit ?? 50, PAGE_SIZE_MAX + 1);
  const selection = await messageSelection(batchId, options);
  if (!selection) return { rows: [], next: null };
  // The row's cells by the list's primary key (Batch.listId, Message.listRow): 50 lookups for a page.
  const { rows } = await pool().query<Omit<MessageRow, "cells"> & { cells: string | null }>(
    `SELECT m.id::text AS id, m.phone, m.state, m."deliveryStatus", m."providerUniqueId", m.operator, m."smsUnits", m.text,
            m."submittedAt", m."receiptAt", m."lastError", m."callState", m.reference, m.metadata,
            m.language, lr."values" AS cells
     ${selection.body}
     LIMIT ${selection.param(limit)}`,
    selection.values,
  );
  const page = rows.map((row) => ({ ...row, cells: row.cells === null ? null : (JSON.parse(row.cells) as string[]) }));
  return { rows: page, next: page.length === limit ? page.at(-1)!.id : null };
}

/**
 * A page's rows without their columns: `body` is the FROM (Message as m, its list row as lr) … ORDER BY, to follow
 * a SELECT and precede a LIMIT; `param` adds a value and names it. Null when nothing lies past the cursor. Shared by
 * the page above and the CSV export's page (report-csv-page.ts), so both walk the same rows the same way.
 */
export async function messageSelection(
  batchId: string,
  options: MessageView & { after?: string },
): Promise<{ body: string; values: unknown[]; param: (value: unknown) => string } | null> {
  const filter = options.filter ?? null;
  const search = options.search ?? null;
  // One plain condition per case (never "$n IS NULL OR …"), so the planner can use what each one needs: the
  // (batchId, id) index to walk a batch in order, MessageRareState for an uncommon state (Message has no index on
  // its state, to keep its updates HOT), the phone index and the primary key for a search.
  const rare = filter !== null && isUncommonState(filter);
  // Walk from the batch's first row past the cursor (one probe of the (batchId, id) index), not from the cursor: in a
  // weekly partition (docs/partitioning.md) where a big batch is most of the rows, the planner walks the primary key
  // and filters out the other batches' rows — all those stored before this batch in that week, 233,000 for a first
  // page in bench/partitions.ts. A literal bound also prunes the partitions before it at planning.
  const after = rare ? (options.after ?? "0") : await firstIdAfter(batchId, options.after ?? "0");
  if (after === null) return null;
  const values: unknown[] = [batchId, after];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where = rare
    ? [`r."batchId" = $1`, `r."messageId" > $2::bigint`, `r.state = ${param(filter)}::"MessageState"`]
    : [`m."batchId" = $1`, `m.id > $2::bigint`];
  if (filter === NO_RECEIPT) {
    const hours = values.push(env().NO_RECEIPT_AFTER_HOURS);
    // No message can be past the no-receipt age before the batch started that long ago: answered without a pass.
    where.push(
      `EXISTS (SELECT 1 FROM "Batch" b WHERE b.id = $1 AND b."startedAt" < now() - make_interval(hours => $${hours}))`,
    );
    where.push(noReceiptSql("m", hours));
  } else if (filter && !rare) where.push(`m.state = ${param(filter)}::"MessageState"`);
  // A variant's language walks the partial index (batchId, language, id) of migration message_language; the default
  // text (language null, no entry there) walks (batchId, id) as the unfiltered page does, past the variants' rows.
  if (options.language) where.push(languageFilterSql(options.language, param));
  if (search) {
    const either = [
      search.phone ? `m.phone = ${param(search.phone)}` : null,
      search.correlator ? `m.id = ${param(search.correlator)}::bigint` : null,
    ];
    if (search.text) {
      const list = await batchList(batchId);
      if (list) either.push(await listMatchSql(list, search.text, param));
      else if (!search.phone && !search.correlator) throw new AppError("INVALID_INPUT", noListToSearch(search.text));
    }
    where.push(`(${either.filter(Boolean).join(" OR ")})`);
  }
  return {
    body: `FROM ${rare ? `"MessageRareState" r JOIN "Message" m ON m.id = r."messageId"` : `"Message" m`}
     LEFT JOIN "ListRecipient" lr
       ON m."listRow" IS NOT NULL AND lr."listId" = (SELECT b."listId" FROM "Batch" b WHERE b.id = $1)
          AND lr."rowNumber" = m."listRow"
     WHERE ${where.join(" AND ")}
     ORDER BY ${rare ? `r."messageId"` : "m.id"}`,
    values,
    param,
  };
}

/** The id just before the batch's first message past `after` (so "> it" starts there), or null when there is none. */
async function firstIdAfter(batchId: string, after: string): Promise<string | null> {
  const { rows } = await pool().query<{ id: string | null }>(
    `SELECT (min(id) - 1)::text AS id FROM "Message" WHERE "batchId" = $1 AND id > $2::bigint`,
    [batchId, after],
  );
  return rows[0]?.id ?? null;
}
