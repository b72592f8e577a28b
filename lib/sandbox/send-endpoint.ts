/**
 * POST {base}/send-sms and POST {base}/voice-sms (spec 4.1, 4.2): headers, authentication, the request-rate
 * limit, the injected-failure knobs, validation of the three request forms, results, the message log and the
 * delivery receipts. Checks run in the order a real API gateway would apply them; docs/sandbox.md lists it.
 */
import { randomUUID, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import type { z } from "zod";
import { operatorOf } from "../provider/operator";
import { checkPhoneList } from "../provider/phone";
import { formatProviderTime } from "../provider/provider-time";
import {
  UNAUTHENTICATED_BODY,
  smsRequestSchema,
  voiceRequestSchema,
  type EntryRefused,
  type RequestForm,
  type SmsRequest,
  type VoiceRequest,
} from "../provider/schemas";
import { smsSegments } from "../provider/sms-units";
import { BodyTooLarge, parseJson, readBody, sendError, sendJson } from "./http-io";
import { between, chance } from "./random";
import { planReceipts, type MessageKind, type PlannedReceipt } from "./receipt-plan";
import { smsBatchResult, smsResult, voiceResult, type ResultContext } from "./results";
import type { AcceptedMessage, RequestRecord, SandboxState } from "./state";
import { collectErrors, fieldMessages, summary } from "./validation-errors";

/** Spec silent; generous for 100 objects of 1,600-character texts, small enough to refuse abuse. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface SendContext {
  state: SandboxState;
  /** "Bearer <token>", as bytes, for a constant-time comparison. */
  expectedAuthorization: Buffer;
}

type AnyRequest = SmsRequest | VoiceRequest;

export async function handleSend(
  kind: MessageKind,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  ctx: SendContext,
  arrivedAt: number,
): Promise<void> {
  const { state } = ctx;
  const knobs = state.knobs;
  const record: RequestRecord = { at: arrivedAt, method: "POST", path: req.url ?? "", status: null, messages: 0, injected: false };
  const reply = (status: number, message: string, extra?: Parameters<typeof sendError>[3]): void => {
    record.status = status;
    state.requests.push(record);
    req.resume();
    sendError(res, status, message, extra);
  };

  if (!acceptsJson(req.headers.accept)) return reply(406, "The Accept header must allow application/json.");
  if (!authorized(req.headers.authorization, ctx.expectedAuthorization)) {
    return reply(401, UNAUTHENTICATED_BODY.message);
  }

  const decision = state.window.take(arrivedAt);
  if (!decision.allowed) {
    return reply(429, "Too Many Attempts.", {
      headers: {
        "Retry-After": String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))),
        "X-RateLimit-Limit": String(knobs.rateLimit),
        "X-RateLimit-Remaining": "0",
      },
    });
  }

  const injected = injectedFailure(knobs);
  if (injected) {
    record.injected = true;
    return reply(injected.status, injected.message, injected.headers ? { headers: injected.headers } : {});
  }

  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
    return reply(415, "The Content-Type header must be application/json.");
  }

  let text: string;
  try {
    text = await readBody(req, BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return reply(413, `The request body may not exceed ${BODY_LIMIT_BYTES} bytes.`);
    record.status = null;
    state.requests.push(record);
    return;
  }
  const json = parseJson(text);
  if (!json.ok) return reply(400, "The request body is not valid JSON.");

  const body = json.value;
  const isBatch = Array.isArray(body);
  const objects: unknown[] = isBatch ? body : [body];
  if (!isBatch && (typeof body !== "object" || body === null)) {
    return reply(422, "The request body must be a JSON object or an array of objects.");
  }
  if (isBatch && objects.length === 0) return reply(422, "The batch must contain at least one message.");
  if (objects.length > knobs.batchLimit) {
    return reply(422, `The batch may not contain more than ${knobs.batchLimit} messages; it has ${objects.length}.`, {
      errors: { body: [`The batch may not contain more than ${knobs.batchLimit} messages.`] },
    });
  }

  // Validate every object; an invalid one refuses the whole request unless the per-entry knob is on.
  const schema: z.ZodType<AnyRequest> = kind === "sms" ? smsRequestSchema : voiceRequestSchema;
  const parsed = objects.map((object) => schema.safeParse(object, { error: fieldMessages }));
  const errors: Record<string, string[]> = {};
  parsed.forEach((p, i) => {
    if (!p.success) collectErrors(p.error.issues, isBatch ? `${i}.` : "", errors);
  });
  const anyInvalid = parsed.some((p) => !p.success);
  if (anyInvalid && (!isBatch || knobs.invalidEntries === "reject_request")) {
    return reply(422, summary(errors), { errors });
  }

  // Accept: one batch_id per request, one uniqueId per object, one log entry per recipient number.
  const batchId = randomUUID();
  const createdAt = formatProviderTime(new Date(arrivedAt), state.timeZoneOffsetMinutes);
  const results: unknown[] = [];
  const planned: PlannedReceipt[] = [];
  const immediate = knobs.receiptsBeforeResponse;
  let accepted = 0;
  parsed.forEach((p, i) => {
    if (!p.success) {
      results.push(refusedEntry(objects[i], p.error.issues.map((issue) => issue.message).join(" ")));
      return;
    }
    const request = p.data;
    const form: RequestForm = isBatch ? "batch" : request.phone.includes(",") ? "comma_separated" : "single";
    const numbers = checkPhoneList(request.phone);
    const rawNumbers = request.phone.split(",").map((s) => s.trim());
    const uniqueId = randomUUID();
    const segments = smsSegments(request.message);
    const perRecipient = "originator" in request ? segments * (request.repeat ?? 1) : segments;
    const resultCtx: ResultContext = {
      uniqueId,
      batchId,
      createdAt,
      clientId: state.clientId,
      operator: operatorOf(numbers.valid[0] ?? ""),
      smsUnits: perRecipient * numbers.valid.length,
    };
    if ("originator" in request) results.push(voiceResult(request, resultCtx));
    else results.push(isBatch ? smsBatchResult(request, resultCtx) : smsResult(request, resultCtx));

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
      };
      state.messages.push(entry);
      accepted += 1;
      if (knobs.receipts && request.endpoint) {
        planned.push(
          ...planReceipts(
            { kind, endpoint: request.endpoint, phone: normalizedPhone, correlator: entry.correlator, uniqueId },
            knobs,
            immediate,
          ),
        );
      }
    });
  });
  record.messages = accepted;

  if (planned.length > 0) {
    if (immediate) {
      await state.receipts.deliverNow(planned.filter((p) => p.delayMs === 0));
      state.receipts.schedule(planned.filter((p) => p.delayMs > 0));
    } else {
      state.receipts.schedule(planned);
    }
  }

  const latency = between(knobs.latencyMs);
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));

  if (chance(knobs.dropRate)) {
    // Accepted and recorded, then the answer is lost: the client cannot know the messages were queued.
    record.status = null;
    state.requests.push(record);
    req.socket.destroy();
    return;
  }
  record.status = 200;
  state.requests.push(record);
  sendJson(res, 200, results);
}

function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return /application\/json|application\/\*|\*\/\*/i.test(accept);
}

function authorized(header: string | undefined, expected: Buffer): boolean {
  if (!header) return false;
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function injectedFailure(
  knobs: SandboxState["knobs"],
): { status: number; message: string; headers?: Record<string, string> } | null {
  const total = knobs.error429Rate + knobs.error500Rate + knobs.error503Rate;
  if (total <= 0) return null;
  const r = Math.random();
  if (r < knobs.error429Rate) return { status: 429, message: "Too Many Attempts.", headers: { "Retry-After": "1" } };
  if (r < knobs.error429Rate + knobs.error500Rate) return { status: 500, message: "Server Error" };
  if (r < total) return { status: 503, message: "Service Unavailable", headers: { "Retry-After": "1" } };
  return null;
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
