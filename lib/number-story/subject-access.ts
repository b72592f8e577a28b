// Subject access (issue 38 item 4; Kenya's Data Protection Act, 2019, the right of access): everything Tuma holds
// about one number, in parts — the messages with their texts, every raw receipt about them (and those that named
// the number and matched nothing), the escalation calls, the opt-out and its history from the audit log, the list
// rows that hold it with their columns, the webhook deliveries that named it — under a header saying when, by whom
// and for which number it was made. Each part is read a page at a time (keyset), so the file streams in bounded
// memory whatever the number's history; the same parts make the JSON file and the zip of one CSV per part.
import "server-only";
import { pool } from "@/lib/db/pool";
import { isoInZone } from "@/lib/time/format";
import { numberLists, numberMessages, type NumberMessage } from "./number-story";

const PAGE = 1_000;

export type SubjectHeader = { phone: string; madeAt: Date; madeBy: { name: string; email: string }; timeZone: string };
export type Row = Record<string, string | number | null>;
export type Part = { name: string; columns: readonly string[]; pages: () => AsyncGenerator<Row[]> };

async function* messagePages(phone: string): AsyncGenerator<NumberMessage[]> {
  let before: string | undefined;
  for (;;) {
    const page = await numberMessages(phone, { before, take: PAGE });
    if (page.rows.length) yield page.rows;
    if (!page.next) return;
    before = page.next;
  }
}

export function subjectParts(phone: string, timeZone: string): Part[] {
  const at = (value: Date | null) => (value ? isoInZone(value, timeZone) : null);
  const message = (m: NumberMessage): Row => ({
    id: m.id,
    batch_id: m.batchId,
    batch_name: m.batchName,
    kind: m.kind,
    sender: m.sender,
    text: m.text,
    language: m.language,
    state: m.state,
    failure_class: m.failureClass,
    delivery_status: m.deliveryStatus,
    error: m.lastError,
    operator: m.operator,
    provider_unique_id: m.providerUniqueId,
    sms_units: m.smsUnits,
    created_at: at(m.createdAt),
    submitted_at: at(m.submittedAt),
    receipt_at: at(m.receiptAt),
  });
  type ReceiptRow = {
    id: string;
    messageId: string | null;
    correlator: string | null;
    uniqueId: string | null;
    phone: string | null;
    deliveryStatus: string;
    deliveryTime: string | null;
    receivedAt: Date;
    raw: string;
  };
  const receipt = (r: ReceiptRow): Row => ({
    id: r.id,
    message_id: r.messageId,
    correlator: r.correlator,
    unique_id: r.uniqueId,
    phone: r.phone,
    delivery_status: r.deliveryStatus,
    delivery_time: r.deliveryTime,
    received_at: at(r.receivedAt),
    raw: r.raw,
  });
  const receiptSql = `SELECT id::text, "messageId"::text AS "messageId", correlator, "uniqueId", phone, "deliveryStatus",
                        "deliveryTime", "receivedAt", raw FROM "Receipt"`;
  // An escalation call (docs/escalation.md) with the SMS it followed.
  const call = (m: NumberMessage): Row => ({
    call_message_id: m.id,
    followed_sms_id: m.followed,
    batch_id: m.batchId,
    batch_name: m.batchName,
    text: m.text,
    state: m.state,
    submitted_at: at(m.submittedAt),
    receipt_at: at(m.receiptAt),
  });
  return [
    {
      name: "messages",
      columns: Object.keys(message({} as NumberMessage)),
      async *pages() {
        for await (const rows of messagePages(phone)) yield rows.map(message);
      },
    },
    {
      name: "receipts",
      columns: Object.keys(receipt({} as ReceiptRow)),
      async *pages() {
        // Through the receipts' own indexes: by correlator (the message id) and by the provider's uniqueId.
        for await (const rows of messagePages(phone)) {
          const { rows: found } = await pool().query<ReceiptRow>(
            `${receiptSql} WHERE correlator = ANY($1::text[]) OR "uniqueId" = ANY($2::text[]) ORDER BY id`,
            [rows.map((m) => m.id), rows.map((m) => m.providerUniqueId).filter((u) => u !== null)],
          );
          if (found.length) yield found.map(receipt);
        }
        // Receipts that named the number and matched no message (the partial phone index).
        let after = "0";
        for (;;) {
          const { rows } = await pool().query<ReceiptRow>(
            `${receiptSql} WHERE phone = $1 AND "unmatchedReason" IS NOT NULL AND id > $2::bigint ORDER BY id LIMIT $3`,
            [phone, after, PAGE],
          );
          if (rows.length) yield rows.map(receipt);
          if (rows.length < PAGE) return;
          after = rows.at(-1)!.id;
        }
      },
    },
    {
      name: "escalation_calls",
      columns: Object.keys(call({} as NumberMessage)),
      async *pages() {
        for await (const rows of messagePages(phone)) {
          const calls = rows.filter((m) => m.followed !== null);
          if (calls.length) yield calls.map(call);
        }
      },
    },
    {
      name: "opt_out",
      columns: ["what", "at", "by", "source", "reason", "detail"],
      async *pages() {
        const { rows: now } = await pool().query<{
          createdAt: Date;
          by: string | null;
          source: string;
          reason: string | null;
        }>(
          `SELECT o."createdAt", u.email AS by, o.source, o.reason FROM "OptOut" o
           LEFT JOIN "User" u ON u.id = o."createdById" WHERE o.phone = $1`,
          [phone],
        );
        const { rows: history } = await pool().query<{
          action: string;
          createdAt: Date;
          by: string | null;
          detail: unknown;
        }>(
          `SELECT a.action, a."createdAt", u.email AS by, a.detail FROM "AuditEvent" a
           LEFT JOIN "User" u ON u.id = a."actorId"
           WHERE a."targetType" = 'OptOut' AND a."targetId" = $1 ORDER BY a.id`,
          [phone],
        );
        yield [
          ...now.map((o) => ({
            what: "opted out now",
            at: at(o.createdAt),
            by: o.by,
            source: o.source,
            reason: o.reason,
            detail: null,
          })),
          ...history.map((h) => ({
            what: h.action,
            at: at(h.createdAt),
            by: h.by,
            source: null,
            reason: null,
            detail: JSON.stringify(h.detail),
          })),
        ];
      },
    },
    {
      name: "list_rows",
      columns: ["list_id", "list_name", "row_number", "phone", "cells"],
      async *pages() {
        const lists = await numberLists(phone);
        if (!lists.length) return;
        const { rows } = await pool().query<{
          listId: string;
          name: string;
          rowNumber: number;
          columns: string[];
          values: string;
        }>(
          `SELECT l.id AS "listId", l.name, r."rowNumber", l.columns, r.values
           FROM unnest($1::uuid[], $2::int[]) AS x(list, row)
           JOIN "List" l ON l.id = x.list JOIN "ListRecipient" r ON r."listId" = x.list AND r."rowNumber" = x.row`,
          [lists.map((l) => l.id), lists.map((l) => l.rowNumber)],
        );
        yield rows.map((r) => {
          const values = JSON.parse(r.values) as string[];
          return {
            list_id: r.listId,
            list_name: r.name,
            row_number: r.rowNumber,
            phone,
            cells: JSON.stringify(Object.fromEntries(r.columns.map((c, i) => [c, values[i] ?? ""]))),
          };
        });
      },
    },
    {
      name: "webhook_deliveries",
      columns: ["id", "endpoint_id", "event_type", "event_id", "state", "created_at", "payload"],
      async *pages() {
        // Deliveries have no index by number: read a page of ids at a time, keeping those whose payload names it.
        let after = "0";
        for (;;) {
          const { rows } = await pool().query<{
            id: string;
            endpointId: string;
            eventType: string;
            eventId: string;
            state: string;
            createdAt: Date;
            payload: unknown;
            names: boolean;
          }>(
            `SELECT id::text, "endpointId", "eventType", "eventId", state::text, "createdAt", payload,
                    strpos(payload::text, $1) > 0 AS names
             FROM "WebhookDelivery" WHERE id > $2::bigint ORDER BY id LIMIT $3`,
            [phone, after, PAGE],
          );
          const naming = rows.filter((r) => r.names);
          if (naming.length)
            yield naming.map((r) => ({
              id: r.id,
              endpoint_id: r.endpointId,
              event_type: r.eventType,
              event_id: r.eventId,
              state: r.state,
              created_at: at(r.createdAt),
              payload: JSON.stringify(r.payload),
            }));
          if (rows.length < PAGE) return;
          after = rows.at(-1)!.id;
        }
      },
    },
  ];
}

export function headerOf(h: SubjectHeader) {
  return {
    subject: h.phone,
    made_at: isoInZone(h.madeAt, h.timeZone),
    made_by: `${h.madeBy.name} <${h.madeBy.email}>`,
    time_zone: h.timeZone,
    about:
      "Everything Tuma holds about this number: the messages sent to it with their texts, the receipts about them, the escalation calls, its opt-out and that opt-out's history, the list rows that hold it, and the webhook deliveries that named it.",
  };
}
