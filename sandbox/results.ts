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
  return {
    status: true,
    message: QUEUED_MESSAGE,
    data: {
      correlator: request.correlator ?? null,
      uniqueId: ctx.uniqueId,
      client_id: ctx.clientId,
      phone: request.phone,
      operator: ctx.operator,
      sms_units: ctx.smsUnits,
      short_code: request.sender,
      message: request.message,
      link_id: request.link_id ?? null,
      end_point: request.endpoint ?? null,
      batch_id: ctx.batchId,
      created_at: ctx.createdAt,
    },
  };
}

export function smsBatchResult(request: SmsRequest, ctx: ResultContext): SmsBatchQueued {
  return {
    status: true,
    message: QUEUED_MESSAGE,
    data: {
      correlator: request.correlator ?? null,
      uniqueId: ctx.uniqueId,
      phone: request.phone,
      sms_units: ctx.smsUnits,
    },
  };
}

export function voiceResult(request: VoiceRequest, ctx: ResultContext): VoiceQueued {
  return {
    status: true,
    message: QUEUED_MESSAGE,
    data: {
      correlator: request.correlator ?? null,
      uniqueId: ctx.uniqueId,
      client_id: ctx.clientId,
      phone: request.phone,
      operator: ctx.operator,
      sms_units: ctx.smsUnits,
      originator: plusOriginator(request.originator),
      message: request.message,
      voice: String(request.voice ?? 1) as "1" | "2",
      repeat: String(request.repeat ?? 1),
      end_point: request.endpoint ?? null,
      batch_id: ctx.batchId,
      created_at: ctx.createdAt,
    },
  };
}

/** "+" and the number in international form: a local 07…/01… originator becomes +2547…/+2541…. */
export function plusOriginator(originator: string): string {
  const digits = originator.startsWith("+") ? originator.slice(1) : originator;
  if (digits.length === 10 && digits.startsWith("0")) return `+${COUNTRY_CODE}${digits.slice(1)}`;
  return `+${digits}`;
}
