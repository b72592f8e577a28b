/**
 * The queued-message results of spec 2.4, built from an accepted request object. The odd wire types are
 * deliberate: voice and repeat as strings, originator with a leading "+", absent optional values as null.
 */
import { COUNTRY_CODE } from "@/lib/provider/wire/phone";
import type { SmsBatchQueued, SmsQueued, SmsRequest, VoiceQueued, VoiceRequest } from "@/lib/provider/wire/schemas";

export const QUEUED_MESSAGE = "Message queued successfully.";

export interface ResultContext {
  uniqueId: string;
  batchId: string;
  createdAt: string;
  clientId: string;
  operator: string;
  smsUnits: number;
}

export function smsResult(request: SmsRequest, ctx: ResultContext): SmsQueued {
  return queued({
    ...head(request, ctx),
    short_code: request.sender,
    message: request.message,
    link_id: request.link_id ?? null,
    ...tail(request, ctx),
  });
}

export function smsBatchResult(request: SmsRequest, ctx: ResultContext): SmsBatchQueued {
  return queued({
    correlator: request.correlator ?? null,
    uniqueId: ctx.uniqueId,
    phone: request.phone,
    sms_units: ctx.smsUnits,
  });
}

export function voiceResult(request: VoiceRequest, ctx: ResultContext): VoiceQueued {
  return queued({
    ...head(request, ctx),
    originator: plusOriginator(request.originator),
    message: request.message,
    voice: String(request.voice ?? 1) as "1" | "2",
    repeat: String(request.repeat ?? 1),
    ...tail(request, ctx),
  });
}

const queued = <D>(data: D) => ({ status: true as const, message: QUEUED_MESSAGE, data });

// The fields an SMS's and a voice message's results share, first and last in the spec's order (kept on the wire).
const head = (request: SmsRequest | VoiceRequest, ctx: ResultContext) => ({
  correlator: request.correlator ?? null,
  uniqueId: ctx.uniqueId,
  client_id: ctx.clientId,
  phone: request.phone,
  operator: ctx.operator,
  sms_units: ctx.smsUnits,
});
const tail = (request: SmsRequest | VoiceRequest, ctx: ResultContext) => ({
  end_point: request.endpoint ?? null,
  batch_id: ctx.batchId,
  created_at: ctx.createdAt,
});

/** "+" and the number in international form: a local 07…/01… originator becomes +2547…/+2541…. */
export function plusOriginator(originator: string): string {
  const digits = originator.startsWith("+") ? originator.slice(1) : originator;
  if (digits.length === 10 && digits.startsWith("0")) return `+${COUNTRY_CODE}${digits.slice(1)}`;
  return `+${digits}`;
}
