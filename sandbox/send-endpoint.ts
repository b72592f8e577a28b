/**
 * POST {base}/send-sms and POST {base}/voice-sms (spec 4.1, 4.2): headers, authentication, the request-rate
 * limit, the injected-failure knobs, validation of the three request forms, results, the message log and the
 * delivery receipts. Checks run in the order a real API gateway would apply them; sandbox/README.md lists it.
 */
import { timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { UNAUTHENTICATED_BODY } from "@/lib/provider/wire/schemas";
import { acceptRequest } from "./accept-request";
import { BodyTooLarge, parseJson, readBody, sendError, sendJson } from "./http-io";
import { between, chance } from "./random";
import type { MessageKind } from "./receipt-plan";
import type { RequestRecord, SandboxState } from "./state";

/** Spec silent; generous for 100 objects of 1,600-character texts, small enough to refuse abuse. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface SendContext {
  state: SandboxState;
  /** "Bearer <token>", as bytes, for a constant-time comparison. */
  expectedAuthorization: Buffer;
}

export async function handleSend(
  kind: MessageKind,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  ctx: SendContext,
  arrivedAt: number,
): Promise<void> {
  const { state } = ctx;
  const knobs = state.knobs;
  const record: RequestRecord = {
    at: arrivedAt,
    method: "POST",
    path: req.url ?? "",
    status: null,
    messages: 0,
    injected: false,
  };
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

  const outcome = acceptRequest(kind, json.value, state, arrivedAt);
  if (!outcome.ok) return reply(outcome.status, outcome.message, outcome.errors ? { errors: outcome.errors } : {});
  const { results, planned } = outcome;
  record.messages = outcome.accepted;
  const immediate = knobs.receiptsBeforeResponse;

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
  await state.responsesReleased();

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

/** Whether an Authorization header is the expected one (compared in constant time). */
export function authorized(header: string | undefined, expected: Buffer): boolean {
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
