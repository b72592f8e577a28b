// What GET /api/v1/numbers/{phone}/subject-access answers (issue 38; Kenya's Data Protection Act, 2019, the right of
// access): the console's "Everything held (JSON)" file, streamed by the same code (lib/number-story/
// subject-access-stream.ts) — a header, then one array per part. Described here for the document; the parts' rows are
// made in lib/number-story/subject-access.ts, and test/api/api-conformance.test.ts checks a real file against this.
import { z } from "zod";
import { textOrNull as text } from "./common";

const time = (description: string) =>
  z
    .string()
    .nullable()
    .meta({
      description: `${description} (ISO 8601 in the organisation's zone)`,
      example: "2026-11-26T09:02:11.000+03:00",
    });
const id = (description: string, example: string) => z.string().meta({ description, example });
const row = (name: string, description: string, shape: z.ZodRawShape) =>
  z.array(z.object(shape).meta({ id: name, description })).meta({ description });

export const subjectAccessSchema = z
  .object({
    header: z
      .object({
        subject: z.string().meta({ description: "The number, in international form.", example: "254712345678" }),
        made_at: z.string().meta({
          description: "When the file was made, in the organisation's zone.",
          example: "2026-11-28T10:41:07.000+03:00",
        }),
        made_by: z.string().meta({
          description: "Who made it: the key's user, name and e-mail.",
          example: "Amina Njeri <amina@clinic.example>",
        }),
        time_zone: z.string().meta({ description: "The zone of every time in the file.", example: "Africa/Nairobi" }),
        about: z.string().meta({
          description: "What the file holds, in a sentence.",
          example: "Everything Tuma holds about this number: …",
        }),
      })
      .meta({ id: "SubjectAccessHeader", description: "When, by whom and for which number the file was made." }),
    messages: row("SubjectMessage", "The messages sent to the number, newest first, with their texts.", {
      id: id("The message's id.", "4294967297"),
      batch_id: id("Its batch.", "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b"),
      batch_name: z.string().meta({ description: "Its batch's name.", example: "Appointments 1 Dec" }),
      kind: z.enum(["SMS", "VOICE"]).meta({ description: "SMS or voice call.", example: "SMS" }),
      sender: text("The sender ID (SMS).", "CLINIC"),
      text: z.string().meta({ description: "The text as sent.", example: "Your appointment is tomorrow at 9:00." }),
      language: text("The language of the batch's variant it was sent (sw, en, …); null: the default text.", "sw"),
      state: z.string().meta({ description: "Its state (docs/api.md, Messages).", example: "DELIVERED" }),
      failure_class: text("Why it failed, when it did.", null),
      delivery_status: text("The last receipt's status, as the provider wrote it.", "DeliveredToTerminal"),
      error: text("The provider's error, when it refused it.", null),
      operator: text("The mobile network.", "Safaricom"),
      provider_unique_id: text("The provider's id for it.", "b1c2d3"),
      sms_units: z.number().int().nullable().meta({ description: "SMS units charged.", example: 1 }),
      created_at: time("When it was stored"),
      submitted_at: time("When it was sent"),
      receipt_at: time("When its receipt said it was delivered or failed"),
    }),
    receipts: row("SubjectReceipt", "Every receipt about its messages, and those that named it and matched none.", {
      id: id("The receipt's id.", "88"),
      message_id: text("The message it was matched to; null when none.", "4294967297"),
      correlator: text("The correlator it carried.", "4294967297"),
      unique_id: text("The provider's id it carried.", "b1c2d3"),
      phone: text("The number it named.", "254712345678"),
      delivery_status: z.string().meta({ description: "Its status.", example: "DeliveredToTerminal" }),
      delivery_time: text("Its delivery time, as the provider wrote it.", "2026-11-26 09:02:11"),
      received_at: time("When Tuma received it"),
      raw: z.string().meta({ description: "Its body as received.", example: '{"correlator":"4294967297"}' }),
    }),
    escalation_calls: row("SubjectEscalationCall", "The calls placed after an SMS to it was not delivered.", {
      call_message_id: id("The call's message id.", "4294967400"),
      followed_sms_id: z.string().nullable().meta({ description: "The SMS it followed.", example: "4294967297" }),
      batch_id: id("The call's batch.", "5d6e7f80-9a1b-4c1e-9a2b-3f1c2a4e8b7d"),
      batch_name: z.string().meta({ description: "The call's batch's name.", example: "Appointments 1 Dec (calls)" }),
      text: z.string().meta({ description: "What the call said.", example: "Your appointment is tomorrow at 9:00." }),
      state: z.string().meta({ description: "The call's state.", example: "ANSWERED" }),
      submitted_at: time("When it was placed"),
      receipt_at: time("When its outcome came"),
    }),
    opt_out: row("SubjectOptOut", "Its opt-out now, and the history of its opt-outs from the audit log.", {
      what: z.string().meta({ description: "“opted out now”, or the audit log's action.", example: "opted out now" }),
      at: time("When"),
      by: text("Who (an e-mail), when a person did it.", "amina@clinic.example"),
      source: text("Where the opt-out came from: operator, upload or carrier.", "operator"),
      reason: text("The reason given.", "Asked on the phone"),
      detail: text("The audit entry's detail, as JSON.", null),
    }),
    list_rows: row("SubjectListRow", "The rows of saved lists it was sent from, with their columns.", {
      list_id: id("The list.", "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d"),
      list_name: z.string().meta({ description: "The list's name.", example: "Patients" }),
      row_number: z.number().int().meta({ description: "The row in the file.", example: 12 }),
      phone: z.string().meta({ description: "The number.", example: "254712345678" }),
      cells: z.string().meta({ description: "The row's cells by column, as JSON.", example: '{"name":"Amina"}' }),
    }),
    webhook_deliveries: row("SubjectWebhookDelivery", "The webhook deliveries whose payload named it.", {
      id: id("The delivery's id.", "1043"),
      endpoint_id: id("The endpoint.", "9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f"),
      event_type: z.string().meta({ description: "The event.", example: "message.delivered" }),
      event_id: z.string().meta({ description: "The event's webhook-id.", example: "msg_2b1c…" }),
      state: z.string().meta({ description: "The delivery's state.", example: "DELIVERED" }),
      created_at: time("When it was queued"),
      payload: z.string().meta({ description: "The payload, as JSON.", example: '{"type":"message.delivered"}' }),
    }),
  })
  .meta({
    id: "SubjectAccess",
    description:
      "Everything Tuma holds about one number, as the console's download: a header, then each part's rows. Audited (export.subject_access).",
  });
