// One provider request for one claimed chunk, and what it means for those recipients (docs/design.md §1):
//   accepted → QUEUED (uniqueId recorded) · entry refused → REJECTED · no usable answer → UNKNOWN, never resent
//   nothing sent (refused connection, no turn at the rate, 429, 503) → back to PENDING, retried with backoff
//   401 → back to PENDING and the batch pauses with the reason
//   402 (out of units: docs/units-budget.md) → back to PENDING and the account's batches pause "out of units"
//   other 4xx → REJECTED with the provider's message
import "server-only";
import { ProviderError, type ProviderFailure } from "@/lib/provider/failure";
import { operatorOf } from "@/lib/provider/wire/operator";
import { languageFieldSchema } from "@/lib/provider/wire/language-field";
import type { ProviderClient, SendOptions } from "@/lib/provider/client";
import type { SmsBatchResult, SmsRequest, VoiceRequest, VoiceResult } from "@/lib/provider/wire/schemas";
import type { ActiveBatch } from "./active-batch";
import type { ClaimedChunk, ClaimedMessage } from "./claim";
import { outOfUnitsReason } from "@/lib/units/out-of-units";
import { recordResponse, releaseChunk, settleChunk, type Accepted, type Refused } from "./record";
import { dispatchMetrics } from "@/lib/metrics/dispatch-metrics";

export type ChunkOutcome =
  | { kind: "sent"; accepted: number }
  | { kind: "retry"; reason: string; retryAfterMs: number | null; rateLimited: boolean }
  | { kind: "pause"; reason: string; cause: "token" | "units" }
  | { kind: "settled"; state: "REJECTED" | "UNKNOWN"; reason: string };

export async function sendChunk(
  batch: ActiveBatch,
  chunk: ClaimedChunk,
  client: ProviderClient,
  receiptUrl: string,
  /** The request's turn at the provider's rate, taken after the body is built, right before it is written. */
  turn: SendOptions,
): Promise<ChunkOutcome> {
  const { outcome, status, states } = await send(batch, chunk, client, receiptUrl, turn);
  // This worker's counters (lib/metrics/dispatch-metrics.ts): one request, and its messages by the state it gave them.
  const metrics = dispatchMetrics();
  const account = batch.account.id;
  metrics.providerAnswers.inc({ account, status });
  for (const [state, count] of Object.entries(states))
    if (count > 0) metrics.messagesSent.inc({ account, state }, count);
  if (outcome.kind === "settled") metrics.messagesSent.inc({ account, state: outcome.state }, chunk.messages.length);
  return outcome;
}

async function send(
  batch: ActiveBatch,
  chunk: ClaimedChunk,
  client: ProviderClient,
  receiptUrl: string,
  turn: SendOptions,
): Promise<{ outcome: ChunkOutcome; status: string; states: Record<string, number> }> {
  const messages = chunk.messages;
  let results: (SmsBatchResult | VoiceResult)[];
  try {
    results =
      batch.kind === "SMS"
        ? await client.sendSms(
            messages.map((m) => smsRequest(batch, m, receiptUrl)),
            turn,
          )
        : await client.sendVoice(
            messages.map((m) => voiceRequest(batch, m, receiptUrl)),
            turn,
          );
  } catch (error) {
    if (!(error instanceof ProviderError)) {
      // A bug or an unexpected runtime failure after the claim: we cannot know whether the request left.
      const reason = `Outcome unknown: ${error instanceof Error ? error.message : String(error)}`;
      await settleChunk(chunk, "UNKNOWN", reason);
      return { outcome: { kind: "settled", state: "UNKNOWN", reason }, status: "error", states: {} };
    }
    const failure = error.failure;
    const status = "status" in failure ? String(failure.status) : "reason" in failure ? failure.reason : failure.kind;
    return { outcome: await onFailure(failure, chunk), status, states: {} };
  }
  const { accepted, refused, unknown } = matchResults(messages, results);
  await recordResponse(chunk, accepted, refused, unknown);
  return {
    outcome: { kind: "sent", accepted: accepted.length },
    status: "200",
    states: { QUEUED: accepted.length, REJECTED: refused.length, UNKNOWN: unknown.length },
  };
}

async function onFailure(failure: ProviderFailure, chunk: ClaimedChunk): Promise<ChunkOutcome> {
  switch (failure.kind) {
    case "not_sent":
    case "rate_limited":
      await releaseChunk(chunk.chunkId, describe(failure));
      return {
        kind: "retry",
        reason: describe(failure),
        retryAfterMs: failure.kind === "rate_limited" ? failure.retryAfterMs : null,
        rateLimited: failure.kind === "rate_limited",
      };
    case "provider_error":
      if (failure.status === 503) {
        await releaseChunk(chunk.chunkId, describe(failure));
        return { kind: "retry", reason: describe(failure), retryAfterMs: null, rateLimited: false };
      }
      // A 500 may come after the provider queued some of the messages: unknown, not resent.
      await settleChunk(chunk, "UNKNOWN", describe(failure));
      return { kind: "settled", state: "UNKNOWN", reason: describe(failure) };
    case "unauthenticated":
      await releaseChunk(chunk.chunkId, describe(failure));
      return {
        kind: "pause",
        reason: `The provider refused the account's token (401 ${failure.message}). Update the token in Settings, then resume the batch.`,
        cause: "token",
      };
    case "out_of_units":
      // Nothing was queued: the chunk goes back whole, and no message is marked failed.
      await releaseChunk(chunk.chunkId, describe(failure));
      return { kind: "pause", reason: outOfUnitsReason(failure.message), cause: "units" };
    case "rejected":
    case "invalid_request":
      await settleChunk(chunk, "REJECTED", describe(failure));
      return { kind: "settled", state: "REJECTED", reason: describe(failure) };
    case "outcome_unknown":
      await settleChunk(chunk, "UNKNOWN", describe(failure));
      return { kind: "settled", state: "UNKNOWN", reason: describe(failure) };
  }
}

function describe(failure: ProviderFailure): string {
  const status = "status" in failure ? `${failure.status} ` : "";
  return `${status}${failure.kind.replaceAll("_", " ")}: ${failure.message}`.slice(0, 1000);
}

function smsRequest(batch: ActiveBatch, message: ClaimedMessage, endpoint: string): SmsRequest {
  return {
    sender: batch.sender ?? "",
    message: message.text ?? batch.templateText,
    phone: message.phone,
    correlator: message.id,
    endpoint,
    ...(batch.linkId ? { link_id: batch.linkId } : {}),
  };
}

function voiceRequest(batch: ActiveBatch, message: ClaimedMessage, endpoint: string): VoiceRequest {
  return {
    // The account's language field, checked against the spec's fields (language-field.ts) and first, so that even a
    // name that slipped past the check could never overwrite the spec's fields that follow.
    ...languageEntry(batch, message),
    originator: batch.originator ?? "",
    message: message.text ?? batch.templateText,
    phone: message.phone,
    correlator: message.id,
    endpoint,
    ...(batch.voice === 1 || batch.voice === 2 ? { voice: batch.voice } : {}),
    ...(batch.repeat ? { repeat: batch.repeat } : {}),
  };
}

/**
 * The message's voice language: its variant's (Batch.variants) when its recipient has one, else the batch's. Each
 * object of the batch form carries its own field (docs/messaging-api.md §4.1), so one request may mix languages.
 */
function languageEntry(batch: ActiveBatch, message: ClaimedMessage): Record<string, string> {
  const field = batch.account.languageField;
  const language = (message.language ? batch.voiceLanguages?.[message.language] : undefined) ?? batch.language;
  if (!field || !language || !languageFieldSchema.safeParse(field).success) return {};
  return { [field]: language };
}

/** Results carry our correlator back; match on it (falling back to position), never on order alone. */
export function matchResults(chunk: ClaimedMessage[], results: (SmsBatchResult | VoiceResult)[]) {
  const byCorrelator = new Map(chunk.map((m) => [m.id, m]));
  const seen = new Set<string>();
  const accepted: Accepted[] = [];
  const refused: Refused[] = [];
  results.forEach((result, index) => {
    const echoed = result.data?.correlator;
    const message =
      (echoed !== undefined && echoed !== null ? byCorrelator.get(String(echoed)) : undefined) ?? chunk[index];
    if (!message || seen.has(message.id)) return;
    seen.add(message.id);
    if (result.status) {
      const data = result.data;
      accepted.push({
        id: message.id,
        uniqueId: data.uniqueId,
        providerBatchId: "batch_id" in data && typeof data.batch_id === "string" ? data.batch_id : null,
        smsUnits: data.sms_units,
        // SMS batch results carry no operator; the number's prefix tells it (as the provider's own results do).
        operator: "operator" in data && typeof data.operator === "string" ? data.operator : operatorOf(message.phone),
      });
    } else {
      refused.push({ id: message.id, error: `Refused by the provider: ${result.message}` });
    }
  });
  const unknown = chunk
    .filter((m) => !seen.has(m.id))
    .map((m) => ({ id: m.id, error: "The provider's answer did not include this recipient; outcome unknown." }));
  return { accepted, refused, unknown };
}
