// Every `code` a /api/v1 problem can carry, with its status and meaning: the list an integrator switches on, written
// once and shown in three places — the OpenAPI document (the Problem schema's enum), docs/api.md ("Errors", a test
// keeps the two equal) and each problem's `type` URI (PROBLEM_TYPE_BASE + code, an anchor of the console's API
// reference page). A code, once published, keeps its meaning within v1; new ones may be added (docs/api.md).
import type { AppErrorCode } from "@/lib/errors/app-error";

export const PROBLEM_CODES = {
  validation_failed: [400, "The request is not valid; `errors` names each failing field with its own code."],
  invalid_idempotency_key: [400, "The Idempotency-Key header is not 1 to 255 visible ASCII characters."],
  unauthenticated: [401, "No key, or a key that is not valid, revoked or expired, or whose user is disabled."],
  missing_scope: [403, "The key lacks the scope the operation (or a field of it) needs."],
  forbidden: [403, "The key's user's role does not allow this."],
  test_key_live_account: [
    403,
    "A test key (tuma_test_…) reaches only the sandbox account; this account, batch or message is a real one's.",
  ],
  not_found: [404, "No such resource: the id in the path is not one that exists (the same code on every route)."],
  route_not_found: [404, "No operation at this path under /api/v1."],
  method_not_allowed: [405, "The path does not answer this method; `Allow` lists those it does."],
  batch_state_conflict: [
    409,
    "The batch's state does not allow this (pausing a finished batch, resuming a running one).",
  ],
  conflict: [409, "Another change got there first; read the resource again."],
  idempotency_in_progress: [
    409,
    "A request with this Idempotency-Key is being answered (or just failed); retry after `Retry-After`.",
  ],
  body_too_large: [413, "The body is over the path's limit; nothing was stored."],
  idempotency_key_reused: [422, "This Idempotency-Key was used with another path or body."],
  rate_limited: [429, "This key's request budget is spent; retry after `Retry-After`."],
  too_many_running: [
    429,
    "This user already has their share of uploads or exports running; retry after `Retry-After`.",
  ],
  internal_error: [500, "Something failed on Tuma's side (logged); nothing was changed. Retry."],
  provider_error: [502, "The provider refused or failed the request."],
  busy: [503, "Tuma is busy or a part of it is restarting; retry after `Retry-After`."],
} as const satisfies Record<string, readonly [number, string]>;

export type ProblemCode = keyof typeof PROBLEM_CODES;
export const PROBLEM_CODE_LIST = Object.keys(PROBLEM_CODES) as [ProblemCode, ...ProblemCode[]];

/** Each field error's own code. */
export const FIELD_CODES = {
  invalid: "The value is not valid (its message says why).",
  required: "The field is missing.",
  unknown_field: "The API does not know this field or query parameter: removed, misspelled, or not for this operation.",
  unknown_placeholder:
    "A {{placeholder}} of the text that no recipient has a field for (and fieldDefaults does not give): a typo, most often.",
  missing_field:
    "A recipient has no value (or a blank one) for a {{placeholder}} of the text, and no fieldDefaults gives one.",
  invalid_phone: "Not a valid Kenyan mobile number.",
  unknown_language: "Not a language Tuma knows: give its code (sw, en, …) or its name (Kiswahili, English).",
  missing_scope: "This field needs a scope the key does not have.",
  over_limit:
    "Over a documented limit: a reference's length, or metadata's keys, key or value length, or size (docs/api.md, References).",
} as const;

export type FieldCode = keyof typeof FIELD_CODES;
export const FIELD_CODE_LIST = Object.keys(FIELD_CODES) as [FieldCode, ...FieldCode[]];

/** The `type` of a problem: the anchor on the console's API reference page that explains its code. */
export const PROBLEM_TYPE_BASE = "/api-reference#problem-";

export const problemType = (code: ProblemCode): string => `${PROBLEM_TYPE_BASE}${code}`;

/** The console's errors (lib/errors) as the API's codes. */
export const CODE_OF_APP_ERROR: Record<AppErrorCode, ProblemCode> = {
  INVALID_INPUT: "validation_failed",
  NOT_FOUND: "not_found",
  FORBIDDEN: "forbidden",
  UNAUTHENTICATED: "unauthenticated",
  CONFLICT: "conflict",
  TOO_LARGE: "body_too_large",
  PROVIDER: "provider_error",
  TOO_MANY: "too_many_running",
  BUSY: "busy",
};
