/**
 * The body of a send request, once headers, token and rate were found acceptable: the three request forms
 * validated, results built (one batch_id per request, one uniqueId per object), every recipient recorded in
 * the message log and its receipts planned. Kept apart from HTTP so the server can warm it up at start.
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { operatorOf } from "@/lib/provider/wire/operator";
import { checkPhoneList } from "@/lib/provider/wire/phone";
import { formatProviderTime } from "@/lib/provider/wire/provider-time";
import {
  smsRequestSchema,
  voiceRequestSchema,
  type EntryRefused,
  type RequestForm,
  type SmsRequest,
  type VoiceRequest,
} from "@/lib/provider/wire/schemas";
import { smsSegments } from "@/lib/provider/wire/sms-units";
import { planReceipts, type MessageKind, type PlannedReceipt } from "./receipt-plan";
import { smsBatchResult, smsResult, voiceResult, type ResultContext } from "./results";
import type { AcceptedMessage, SandboxState } from "./state";
import { collectErrors, fieldMessages, summary } from "./validation-errors";

export type AcceptOutcome =
  | { ok: true; results: unknown[]; planned: PlannedReceipt[]; accepted: number }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

type AnyRequest = SmsRequest | VoiceRequest;

/** `record: false` validates and builds results without touching the logs or receipts (warm-up). */
export function acceptRequest(
  kind: MessageKind,
  body: unknown,
  state: SandboxState,
  arrivedAt: number,
  record = true,
): AcceptOutcome {
  const knobs = state.knobs;
  const isBatch = Array.isArray(body);
  const objects: unknown[] = isBatch ? body : [body];
  if (!isBatch && (typeof body !== "object" || body === null)) {
    return { ok: false, status: 422, message: "The request body must be a JSON object or an array of objects." };
  }
  if (isBatch && objects.length === 0) {
    return { ok: false, status: 422, message: "The batch must contain at least one message." };
  }
  if (objects.length > knobs.batchLimit) {
    return {
      ok: false,
      status: 422,
      message: `The batch may not contain more than ${knobs.batchLimit} messages; it has ${objects.length}.`,
      errors: { body: [`The batch may not contain more than ${knobs.batchLimit} messages.`] },
    };
  }

  // Validate every object; an invalid one refuses the whole request unless the per-entry knob is on.
  const schema: z.ZodType<AnyRequest> = kind === "sms" ? smsRequestSchema : voiceRequestSchema;
  const parsed = objects.map((object) => schema.safeParse(object, { error: fieldMessages }));
  // The language field, when the knob names one (docs/voice-language.md): a value outside the list refuses the object.
  const languageField = kind === "voice" ? knobs.voiceLanguageField : null;
  const languages = objects.map((object) => (languageField ? languageOf(object, languageField) : undefined));
  const languageError = (i: number): string | null =>
    languageField && languages[i] !== undefined && !knobs.voiceLanguages.includes(String(languages[i]))
      ? `The selected ${languageField} is invalid; allowed: ${knobs.voiceLanguages.join(", ")}.`
      : null;
  const invalid = (i: number) => !parsed[i]!.success || languageError(i) !== null;
  if (objects.some((_, i) => invalid(i)) && (!isBatch || knobs.invalidEntries === "reject_request")) {
    const errors: Record<string, string[]> = {};
    parsed.forEach((p, i) => {
      if (!p.success) collectErrors(p.error.issues, isBatch ? `${i}.` : "", errors);
      const bad = languageError(i);
      if (bad) (errors[`${isBatch ? `${i}.` : ""}${languageField}`] ??= []).push(bad);
    });
    return { ok: false, status: 422, message: summary(errors), errors };
  }

  // The units this request would spend (the unitsBalance knob): more than are left refuses it whole, nothing queued.
  const spend = parsed.reduce((sum, p, i) => (p.success && !invalid(i) ? sum + unitsOf(p.data) : sum), 0);
  if (knobs.unitsBalance !== null && spend > knobs.unitsBalance) {
    return { ok: false, status: 402, message: INSUFFICIENT_UNITS };
  }
  if (record) state.spendUnits(spend);

  const batchId = randomUUID();
  const createdAt = formatProviderTime(new Date(arrivedAt), state.timeZoneOffsetMinutes);
  const results: unknown[] = [];
  const planned: PlannedReceipt[] = [];
  let accepted = 0;
  parsed.forEach((p, i) => {
    if (!p.success) {
      results.push(refusedEntry(objects[i], p.error.issues.map((issue) => issue.message).join(" ")));
      return;
    }
    const badLanguage = languageError(i);
    if (badLanguage) {
      results.push(refusedEntry(objects[i], badLanguage));
      return;
    }
    const request = p.data;
    const form: RequestForm = isBatch ? "batch" : request.phone.includes(",") ? "comma_separated" : "single";
    const numbers = checkPhoneList(request.phone);
    const rawNumbers = request.phone.split(",").map((s) => s.trim());
    const uniqueId = randomUUID();
    const perRecipient = unitsPerRecipient(request);
    const resultCtx: ResultContext = {
      uniqueId,
      batchId,
      createdAt,
      clientId: state.clientId,
      // A comma-separated request has one result, so one operator: the first number's.
      operator: operatorOf(numbers.valid[0] ?? ""),
      smsUnits: perRecipient * numbers.valid.length,
    };
    if ("originator" in request) {
      const result = voiceResult(request, resultCtx);
      // Echoed under the same name, as the voice result echoes voice and repeat.
      const language = languages[i];
      results.push(
        languageField && language !== undefined
          ? { ...result, data: { ...result.data, [languageField]: String(language) } }
          : result,
      );
    } else results.push(isBatch ? smsBatchResult(request, resultCtx) : smsResult(request, resultCtx));
    if (!record) return;

    numbers.valid.forEach((normalizedPhone, n) => {
      const entry: AcceptedMessage = {
        kind,
        phone: rawNumbers[n] ?? normalizedPhone,
        normalizedPhone,
        correlator: request.correlator ?? null,
        uniqueId,
        message: request.message,
        from: "originator" in request ? request.originator : request.sender,
        endpoint: request.endpoint ?? null,
        batchId,
        form,
        requestTime: arrivedAt,
        ...(languageField && languages[i] !== undefined ? { language: String(languages[i]) } : {}),
      };
      state.messages.push(entry);
      accepted += 1;
      if (knobs.receipts && request.endpoint) {
        planned.push(
          ...planReceipts(
            { kind, endpoint: request.endpoint, phone: normalizedPhone, correlator: entry.correlator, uniqueId },
            knobs,
            knobs.receiptsBeforeResponse,
          ),
        );
      }
    });
  });
  return { ok: true, results, planned, accepted };
}

/** The answer to a request the account has too few units for (docs/units-budget.md; the spec shows none). */
export const INSUFFICIENT_UNITS = "Insufficient units.";

function unitsPerRecipient(request: AnyRequest): number {
  const segments = smsSegments(request.message);
  // Voice is charged per repetition: a message spoken three times occupies the line three times as long.
  return "originator" in request ? segments * (request.repeat ?? 1) : segments;
}

function unitsOf(request: AnyRequest): number {
  return unitsPerRecipient(request) * checkPhoneList(request.phone).valid.length;
}

function languageOf(object: unknown, field: string): unknown {
  return typeof object === "object" && object !== null ? (object as Record<string, unknown>)[field] : undefined;
}

function refusedEntry(object: unknown, message: string): EntryRefused {
  const source = typeof object === "object" && object !== null ? (object as Record<string, unknown>) : {};
  const correlator = source.correlator;
  const phone = source.phone;
  return {
    status: false,
    message,
    data: {
      correlator: typeof correlator === "string" || typeof correlator === "number" ? correlator : null,
      ...(typeof phone === "string" ? { phone } : {}),
    },
  };
}

/**
 * Runs representative requests through validation and result building before the server listens. A cold
 * sandbox takes tens of milliseconds over its first requests; requests queued behind them are time-stamped
 * late, which squeezes the 1-second rate window and refuses a correctly paced client with 429.
 */
export function warmUp(state: SandboxState): void {
  const sms = Array.from({ length: 100 }, (_, i) => ({
    sender: "WARMUP",
    message: `Warm-up message ${i} ✓`,
    phone: `07${String(10_000_000 + i)}`,
    correlator: i,
    endpoint: "http://127.0.0.1/warm-up",
  }));
  const voice = sms.map(({ sender: _sender, ...rest }) => ({ ...rest, originator: "254700000000", repeat: 2 }));
  const now = Date.now();
  for (let round = 0; round < 30; round++) {
    for (const [kind, body] of [
      ["sms", sms],
      ["voice", voice],
    ] as const) {
      const outcome = acceptRequest(kind, JSON.parse(JSON.stringify(body)) as unknown, state, now, false);
      if (outcome.ok) JSON.stringify(outcome.results);
      acceptRequest(kind, sms[0], state, now, false);
    }
    acceptRequest("sms", [{ ...sms[0], phone: "0" }], state, now, false);
  }
}
