/**
 * The typed client of the provider's API (spec 4): sendSms and sendVoice in the three request forms.
 * It enforces the batch limit before sending, paces itself through the rate limiter it is given, validates
 * responses against the spec's schemas and turns every failure into a classified ProviderError.
 * The token only ever goes into the Authorization header: it is never logged nor put into an error.
 * Every text of an answer is made storable (lib/db/storable-text.ts) before anything reads it: the provider's error
 * text and a refused entry's message become a message's lastError, its operator a column, and a NUL in any of them
 * would fail the statement recording the whole chunk.
 */
import type http from "node:http";
import type https from "node:https";
import type { z } from "zod";
import { storableText } from "@/lib/db/storable-text";
import { ProviderError, failureFromStatus } from "./failure";
import { createAgents, postJson, type HttpResponse } from "./http-transport";
import type { RateLimiter } from "./rate-limiter";
import { parseRetryAfter } from "./retry-after";
import {
  BATCH_LIMIT,
  errorBodySchema,
  smsBatchResponseSchema,
  smsResponseSchema,
  voiceResponseSchema,
  type SmsBatchResult,
  type SmsRequest,
  type SmsResult,
  type VoiceRequest,
  type VoiceResult,
} from "@/lib/provider/wire/schemas";

export interface ProviderClientOptions {
  /** Base address including the version segment, e.g. "https://api.example.com/api/v1". */
  baseUrl: string;
  token: string;
  /** Whole-request deadline; past it the outcome is unknown. Default 30 s. */
  timeoutMs?: number;
  /** Deadline to connect; past it nothing was sent. Default 5 s (capped at timeoutMs). */
  connectTimeoutMs?: number;
  /** Paces every request (unless a call brings its own turn); pass one limiter to several clients of one account. */
  rateLimiter: RateLimiter;
  /** Objects per batch request. Default 100 (spec 8). */
  batchLimit?: number;
  /** Keep-alive agents; default: a pool of `maxSockets` sockets per client. */
  agents?: { http: http.Agent; https: https.Agent };
  /** Sockets of the default agents. Default 64. */
  maxSockets?: number;
}

export interface SendOptions {
  /**
   * Takes this request's turn instead of the client's limiter. It is awaited after the body is serialised, right
   * before the write, so a caller holding a timed slot can check it at the last moment (dispatch's shared limiter).
   */
  acquire?: RateLimiter["acquire"];
}

export interface ProviderClient {
  /** Single or comma-separated form: one object, full SMS results. */
  sendSms(request: SmsRequest, options?: SendOptions): Promise<SmsResult[]>;
  /** Batch form: an array of at most `batchLimit` objects, reduced SMS results in request order. */
  sendSms(requests: readonly SmsRequest[], options?: SendOptions): Promise<SmsBatchResult[]>;
  /** Single or comma-separated form. */
  sendVoice(request: VoiceRequest, options?: SendOptions): Promise<VoiceResult[]>;
  /** Batch form: voice results, one per object, sharing one batch_id. */
  sendVoice(requests: readonly VoiceRequest[], options?: SendOptions): Promise<VoiceResult[]>;
  readonly batchLimit: number;
  readonly rateLimiter: RateLimiter;
  /** Closes idle keep-alive sockets of agents this client created. */
  close(): void;
}

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  const smsUrl = new URL("send-sms", base);
  const voiceUrl = new URL("voice-sms", base);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? 5_000, timeoutMs);
  const batchLimit = options.batchLimit ?? BATCH_LIMIT;
  const rateLimiter = options.rateLimiter;
  const ownAgents = options.agents === undefined;
  const agents = options.agents ?? createAgents(options.maxSockets);
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json",
    Authorization: `Bearer ${options.token}`,
  };

  async function post<S extends z.ZodType>(
    url: URL,
    body: unknown,
    schema: S,
    options?: SendOptions,
  ): Promise<z.infer<S>> {
    if (Array.isArray(body)) {
      if (body.length === 0) throw invalid("A batch needs at least one message.");
      if (body.length > batchLimit) {
        throw invalid(`A batch may carry at most ${batchLimit} messages; this one has ${body.length}.`);
      }
    }
    const payload = JSON.stringify(body);
    const acquire = options?.acquire ?? (() => rateLimiter.acquire());
    let done: Awaited<ReturnType<typeof acquire>> | undefined;
    try {
      // The turn is taken with the connection ready, right before the write (http-transport.ts: beforeWrite).
      const response = await postJson(url, headers, payload, {
        timeoutMs,
        connectTimeoutMs,
        agents,
        beforeWrite: async () => {
          try {
            done = await acquire();
          } catch (error) {
            // Nothing was written: the recipients go back to wait for a turn. As a bare error it read as "outcome
            // unknown", and a chunk whose turn failed on a busy pool was settled UNKNOWN, never sent (ci22: a test's
            // sandbox saw 900 of 1,000).
            throw new ProviderError(
              {
                kind: "not_sent",
                reason: "no_turn",
                message: `No turn at the provider's rate: ${error instanceof Error ? error.message : String(error)}`,
              },
              { cause: error },
            );
          }
        },
      });
      return interpret(response, schema);
    } finally {
      // Tells the limiter the provider has counted this request by now.
      if (typeof done === "function") done();
    }
  }

  return {
    batchLimit,
    rateLimiter,
    sendSms: ((request: SmsRequest | readonly SmsRequest[], options?: SendOptions) =>
      Array.isArray(request)
        ? post(smsUrl, request, smsBatchResponseSchema, options)
        : post(smsUrl, request, smsResponseSchema, options)) as ProviderClient["sendSms"],
    sendVoice: ((request: VoiceRequest | readonly VoiceRequest[], options?: SendOptions) =>
      post(voiceUrl, request, voiceResponseSchema, options)) as ProviderClient["sendVoice"],
    close() {
      if (!ownAgents) return;
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function invalid(message: string): ProviderError {
  return new ProviderError({ kind: "invalid_request", message });
}

/** Turns an HTTP answer into typed results or a classified ProviderError. */
function interpret<S extends z.ZodType>(response: HttpResponse, schema: S): z.infer<S> {
  const json = parseJson(response.body);
  if (response.status >= 200 && response.status < 300) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    // The provider said yes but we cannot read which messages it queued: treat it like a lost answer.
    throw new ProviderError({
      kind: "outcome_unknown",
      reason: "invalid_response",
      message: `The provider answered ${response.status} with a body that does not match the API: ${storableText(summarise(parsed.error))}`,
    });
  }
  const errorBody = errorBodySchema.safeParse(json);
  const message = errorBody.success
    ? errorBody.data.message
    : `HTTP ${response.status}${response.body ? `: ${storableText(response.body.slice(0, 200))}` : ""}`;
  const retryAfter = response.headers["retry-after"];
  throw new ProviderError(
    failureFromStatus(response.status, message, {
      retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter),
      ...(errorBody.success && errorBody.data.errors ? { errors: errorBody.data.errors } : {}),
    }),
  );
}

/** JSON with every string value made storable (a `\u0000` escape is the only way JSON carries a NUL). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text, (_key, value: unknown) =>
      typeof value === "string" ? storableText(value) : value,
    ) as unknown;
  } catch {
    return undefined;
  }
}

function summarise(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
    .join("; ");
}
