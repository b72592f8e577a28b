// One number's story (issue 38): every message Tuma sent to it, newest first, a page at a time, with the batch, the
// text as sent, the state and its failure kind, the times and units, and the escalation call beside the SMS it
// followed; its opt-out; the lists it was sent from; a summary line. Every read of its messages goes through
// number-rows.ts: a page is a keyset range ("id below the last one shown") of each closed week's (phone, id) index and
// the number's few messages of the open week, never a scan of the history, so the first page and the hundredth cost
// the same.
import "server-only";
import { pool } from "@/lib/db/pool";
import type { MessageState } from "@/lib/generated/prisma/enums";
import { messageStates } from "@/lib/states/state-sql";
import { DELIVERED_STATES } from "@/lib/states/states";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { numberIndexEdge, numberRows } from "./number-rows";

export const NUMBER_PAGE = 50;
/** The summary counts at most this many messages (bounded work for a number sent to very often). */
export const SUMMARY_CAP = 10_000;

/** A number typed or linked in any Kenyan form, as stored (254…), or the sentence that says what is wrong. */
export function numberFrom(raw: string): { ok: true; phone: string } | { ok: false; reason: string } {
  const check = normalizePhone(raw.slice(0, 40), { lenient: true });
  return check.ok ? { ok: true, phone: check.phone } : { ok: false, reason: check.reason };
}

export type NumberMessage = {
  id: string;
  batchId: string;
  batchName: string;
  kind: "SMS" | "VOICE";
  /** The text as sent: the message's own (personalised) or its batch's template. */
  text: string;
  /** The message's own text when personalised (null: the template as is), and the template. */
  ownText: string | null;
  templateText: string;
  /** The language whose variant it was sent (Message.language, docs/languages.md); null: the default text. */
  language: string | null;
  /** Sender ID for SMS, originator for voice. */
  sender: string | null;
  state: MessageState;
  failureClass: string | null;
  deliveryStatus: string | null;
  lastError: string | null;
  createdAt: Date;
  submittedAt: Date | null;
  receiptAt: Date | null;
  smsUnits: number | null;
  operator: string | null;
  providerUniqueId: string | null;
  /** For an escalating SMS: the call placed after it (its message id and state), null when not called. */
  call: { id: string; state: MessageState } | null;
  /** For a call: the SMS it followed. */
  followed: string | null;
};
export type NumberPage = { rows: NumberMessage[]; next: string | null };

/** A page of the number's messages, newest first; `before` is the last id of the previous page. */
export async function numberMessages(
  phone: string,
  options: { before?: string | undefined; take?: number } = {},
): Promise<NumberPage> {
  const take = Math.min(Math.max(options.take ?? NUMBER_PAGE, 1), 1_000);
  const before = options.before && /^\d{1,19}$/.test(options.before) ? options.before : null;
  const edge = await numberIndexEdge();
  const { rows } = await pool().query<NumberMessage & { callId: string | null; callState: MessageState | null }>(
    `SELECT m.id::text AS id, b.id AS "batchId", b.name AS "batchName", b.kind::text AS kind,
            coalesce(m.text, b."templateText") AS text, m.text AS "ownText", b."templateText", m.language,
            coalesce(b.sender, b.originator) AS sender,
            m.state::text AS state, m."failureClass", m."deliveryStatus", m."lastError", m."createdAt",
            m."submittedAt", m."receiptAt", m."smsUnits", m.operator, m."providerUniqueId",
            call.id::text AS "callId", call.state::text AS "callState", followed."parentMessageId"::text AS followed
     FROM ${numberRows({ phone: "$1", before: "$2", take: "$3", edge: "$4" })} m
     JOIN "Batch" b ON b.id = m."batchId"
     LEFT JOIN "Escalation" e ON e."parentMessageId" = m.id
     LEFT JOIN "Message" call ON call.id = e."childMessageId"
     LEFT JOIN "Escalation" followed ON followed."childMessageId" = m.id
     ORDER BY m.id DESC
     LIMIT $3`,
    [phone, before, take + 1, edge],
  );
  const more = rows.length > take;
  const page = (more ? rows.slice(0, take) : rows).map(({ callId, callState, ...row }) => ({
    ...row,
    call: callId && callState ? { id: callId, state: callState } : null,
  }));
  return { rows: page, next: more ? page.at(-1)!.id : null };
}

export type NumberSummary = {
  /** Messages counted (at most SUMMARY_CAP + 1: more than the cap reads "more than"). */
  messages: number;
  capped: boolean;
  since: Date | null;
  delivered: number;
  lastDelivered: Date | null;
};

/** The summary line's figures, from the newest SUMMARY_CAP messages at most (the phone index, newest first). */
export async function numberSummary(phone: string): Promise<NumberSummary> {
  const { rows } = await pool().query<{
    messages: number;
    since: Date | null;
    delivered: number;
    lastDelivered: Date | null;
  }>(
    `SELECT count(*)::int AS messages, min("createdAt") AS since,
            count(*) FILTER (WHERE state IN ${messageStates(DELIVERED_STATES)})::int AS delivered,
            max(coalesce("receiptAt", "updatedAt")) FILTER (WHERE state IN ${messageStates(DELIVERED_STATES)})
              AS "lastDelivered"
     FROM (SELECT state, "createdAt", "receiptAt", "updatedAt"
           FROM ${numberRows({ phone: "$1", before: "NULL", take: "$2", edge: "$3" })} n
           ORDER BY id DESC LIMIT $2) m`,
    [phone, SUMMARY_CAP + 1, await numberIndexEdge()],
  );
  const row = rows[0]!;
  return { ...row, capped: row.messages > SUMMARY_CAP, messages: Math.min(row.messages, SUMMARY_CAP) };
}

export type NumberOptOut = {
  reason: string | null;
  source: string;
  createdAt: Date;
  createdBy: string | null;
};

export async function numberOptOut(phone: string): Promise<NumberOptOut | null> {
  const { rows } = await pool().query<NumberOptOut>(
    `SELECT o.reason, o.source, o."createdAt", u.name AS "createdBy"
     FROM "OptOut" o LEFT JOIN "User" u ON u.id = o."createdById" WHERE o.phone = $1`,
    [phone],
  );
  return rows[0] ?? null;
}

export type NumberList = { id: string; name: string; rowNumber: number };

/**
 * The saved lists the number was sent from: each batch sent to it from a list names its row there
 * (Message.listRow), so a list is found through the number's messages and the list's primary key, with no second
 * index on list rows (which would slow every import, lib/lists/list-writer.ts). A list the number is in but was
 * never sent from is not found here.
 */
export async function numberLists(phone: string): Promise<NumberList[]> {
  const { rows } = await pool().query<NumberList>(
    `SELECT DISTINCT ON (l.id) l.id, l.name, r."rowNumber"
     FROM (SELECT "batchId", "listRow"
           FROM ${numberRows({ phone: "$1", before: "NULL", take: "$2", edge: "$3", where: `AND m."listRow" IS NOT NULL` })} n
           ORDER BY id DESC LIMIT $2) m
     JOIN "Batch" b ON b.id = m."batchId"
     JOIN "List" l ON l.id = b."listId"
     JOIN "ListRecipient" r ON r."listId" = l.id AND r."rowNumber" = m."listRow" AND r.phone = $1
     ORDER BY l.id, r."rowNumber"`,
    [phone, SUMMARY_CAP, await numberIndexEdge()],
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}
