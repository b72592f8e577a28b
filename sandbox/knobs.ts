/**
 * The sandbox's knobs: everything a test, a benchmark or a curious operator may turn to make the sandbox
 * behave like a slow, flaky or strict provider. Settable at start (CLI flags, startSandbox options) and at
 * run time (POST /__sandbox/knobs). Rates are probabilities in [0, 1]; ranges are [min, max] milliseconds.
 */
import { z } from "zod";
import { languageFieldSchema, languageValueSchema } from "@/lib/provider/wire/language-field";
import { BATCH_LIMIT, REQUEST_RATE_LIMIT } from "@/lib/provider/wire/schemas";

const rate = z.number().min(0).max(1);
const msRange = z
  .tuple([z.number().min(0), z.number().min(0)])
  .refine(([min, max]) => min <= max, { message: "A range is [min, max] with min <= max." });

export const knobsSchema = z.strictObject({
  /** Accepted requests per second per sliding 1-second window; 0 lifts the limit (benchmarks). */
  rateLimit: z.number().min(0),
  /** Objects per batch request. */
  batchLimit: z.int().min(1),
  /** Delay before every send response (after the messages were accepted), uniform in the range. */
  latencyMs: msRange,
  /** Probability that an authenticated, in-rate send request is answered with that status instead. */
  error429Rate: rate,
  error500Rate: rate,
  error503Rate: rate,
  /** Probability that a valid request is accepted and recorded, then its connection destroyed unanswered. */
  dropRate: rate,
  /** Master switch for delivery receipts. */
  receipts: z.boolean(),
  /** Delay between acceptance and a message's receipt, uniform in the range. */
  receiptDelayMs: msRange,
  /** Probability that a message's final receipt carries a failure status (picked uniformly from the lists). */
  receiptFailureRate: rate,
  smsFailureStatuses: z.array(z.string().min(1)).min(1),
  voiceFailureStatuses: z.array(z.string().min(1)).min(1),
  /**
   * The final statuses' mix, as weights ({"DeliveredToTerminal": 80, "AbsentSubscriber": 15, "UserInBlackList": 5}):
   * when not empty it replaces receiptFailureRate and the failure lists for that kind of message.
   */
  smsStatusMix: z.record(z.string().min(1), z.number().min(0)),
  voiceStatusMix: z.record(z.string().min(1), z.number().min(0)),
  /** The final status for a number (254… form), whatever the mix: makes a test's outcome certain. */
  statusByPhone: z.record(z.string().regex(/^254\d{9}$/, "Numbers are in the 254… form."), z.string().min(1)),
  /**
   * Probability that an SMS never gets a receipt at all (the network lost it or the phone never came back): with
   * silentPhones, what makes the console's SMS → voice escalation call (docs/escalation.md). Calls always get theirs.
   */
  smsSilentRate: rate,
  /** Numbers (254… form) whose SMS never get a receipt, whatever the rate: makes a test's outcome certain. */
  silentPhones: z.array(z.string().regex(/^254\d{9}$/, "Numbers are in the 254… form.")).max(100_000),
  /** Probability that a receipt is posted twice. */
  duplicateRate: rate,
  /** Probability that a message also gets an intermediate receipt, posted after its final one. */
  outOfOrderRate: rate,
  /** Post (and await) receipts before the HTTP response is written. */
  receiptsBeforeResponse: z.boolean(),
  /** Accepted requests wait for their answer until this is set back to false (after latencyMs): a test can then see
   * what happens while requests are in flight for as long as it needs, instead of racing a fixed latency. */
  holdResponses: z.boolean(),
  /** 1 posts the spec's single-object body; more groups receipts for one endpoint into a JSON array. */
  receiptsPerPost: z.int().min(1).max(1000),
  /** Receipt POSTs in flight at once. */
  receiptConcurrency: z.int().min(1).max(1024),
  /** Receipts waiting to be posted; beyond it new ones are dropped (and counted) so memory stays bounded. */
  receiptQueueLimit: z.int().min(0),
  /** Extra attempts for a receipt whose POST failed (network error or non-2xx), 1 s then 5 s apart. */
  receiptRetries: z.int().min(0).max(5),
  /** How invalid objects of a batch are answered: 422 for the whole request, or a status:false element each. */
  invalidEntries: z.enum(["reject_request", "per_entry"]),
  /**
   * The account's units left (null: unlimited). Each accepted request spends its results' sms_units; a request that
   * would spend more than is left is refused whole with 402 {"status":false,"message":"Insufficient units."} and
   * nothing is queued (docs/units-budget.md). Set it again to top up.
   */
  unitsBalance: z.int().min(0).nullable(),
  /**
   * The voice request's language field and its allowed values (docs/voice-language.md): when set, a voice request may
   * carry the field, a value outside the list is refused with 422, and results echo it. Null: the field is ignored.
   */
  voiceLanguageField: languageFieldSchema.nullable(),
  voiceLanguages: z.array(languageValueSchema),
  /** Entries kept by GET /__sandbox/messages and /__sandbox/requests; older ones are evicted (and counted). */
  messageLogLimit: z.int().min(0),
  requestLogLimit: z.int().min(0),
});

export type Knobs = z.infer<typeof knobsSchema>;
export const knobsPatchSchema = knobsSchema.partial();
export type KnobsPatch = z.infer<typeof knobsPatchSchema>;

export const DEFAULT_KNOBS: Knobs = {
  rateLimit: REQUEST_RATE_LIMIT,
  batchLimit: BATCH_LIMIT,
  latencyMs: [0, 0],
  error429Rate: 0,
  error500Rate: 0,
  error503Rate: 0,
  dropRate: 0,
  receipts: true,
  receiptDelayMs: [200, 2000],
  receiptFailureRate: 0,
  smsFailureStatuses: ["DeliveryImpossible", "DeliveryUncertain"],
  voiceFailureStatuses: ["NotAnswered", "Busy", "Failed"],
  smsStatusMix: {},
  voiceStatusMix: {},
  statusByPhone: {},
  smsSilentRate: 0,
  silentPhones: [],
  duplicateRate: 0,
  outOfOrderRate: 0,
  receiptsBeforeResponse: false,
  holdResponses: false,
  receiptsPerPost: 1,
  receiptConcurrency: 64,
  receiptQueueLimit: 500_000,
  receiptRetries: 2,
  invalidEntries: "reject_request",
  unitsBalance: null,
  voiceLanguageField: null,
  voiceLanguages: [],
  messageLogLimit: 1_000_000,
  requestLogLimit: 200_000,
};

export function applyKnobs(base: Knobs, patch: KnobsPatch): Knobs {
  return knobsSchema.parse({ ...base, ...patch });
}
