/**
 * Every way a provider call can fail, classified by what the dispatcher may safely do next.
 * The split that matters most is `not_sent` (nothing reached the provider: safe to retry) versus
 * `outcome_unknown` (the request was written and may have been queued: never resend automatically).
 */

export type ProviderFailure =
  /** 401: the token is missing, wrong or revoked. Pause and tell an operator. */
  | { kind: "unauthenticated"; status: 401; message: string }
  /**
   * 402: the account has no units left for this request (the spec shows no such answer; the shape Tuma expects and
   * the sandbox gives is in docs/units-budget.md). Nothing was queued: pause the account's batches until a top-up.
   */
  | { kind: "out_of_units"; status: 402; message: string }
  /** 429: too many requests. Retry after `retryAfterMs` (from Retry-After; null when the header is absent). */
  | { kind: "rate_limited"; status: 429; message: string; retryAfterMs: number | null }
  /** Any other 4xx: the provider refused the request; `message` is the provider's own text. */
  | { kind: "rejected"; status: number; message: string; errors?: Record<string, string[]> }
  /** 5xx: the provider failed; 503 is worth retrying with backoff, others are best left to an operator. */
  | { kind: "provider_error"; status: number; message: string }
  /** The request was written but no usable answer came back (timeout, connection lost, unreadable 2xx body). */
  | { kind: "outcome_unknown"; reason: "timeout" | "connection_lost" | "invalid_response"; message: string }
  /**
   * Nothing was written: connection refused, DNS failure, connect timeout, or the request's turn at the provider's
   * rate could not be taken (`no_turn`: the shared limiter's database busy). Safe to retry.
   */
  | { kind: "not_sent"; reason: "connection_failed" | "connect_timeout" | "no_turn"; message: string; code?: string }
  /** Refused by the client itself before sending (e.g. batch over the limit). Retrying cannot help. */
  | { kind: "invalid_request"; message: string };

export type ProviderFailureKind = ProviderFailure["kind"];

export class ProviderError extends Error {
  readonly failure: ProviderFailure;

  constructor(failure: ProviderFailure, options?: { cause?: unknown }) {
    super(`${failure.kind}: ${failure.message}`, options);
    this.name = "ProviderError";
    this.failure = failure;
  }

  get kind(): ProviderFailureKind {
    return this.failure.kind;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

/** Classifies a non-2xx HTTP answer. `message` is the provider's error text (or a fallback). */
export function failureFromStatus(
  status: number,
  message: string,
  extras: { retryAfterMs?: number | null; errors?: Record<string, string[]> } = {},
): ProviderFailure {
  if (status === 401) return { kind: "unauthenticated", status, message };
  if (status === 402) return { kind: "out_of_units", status, message };
  if (status === 429) return { kind: "rate_limited", status, message, retryAfterMs: extras.retryAfterMs ?? null };
  if (status >= 400 && status < 500) {
    return extras.errors
      ? { kind: "rejected", status, message, errors: extras.errors }
      : { kind: "rejected", status, message };
  }
  return { kind: "provider_error", status, message };
}

/** Whether the dispatcher may resend the same request automatically (design §5: never risk a double send). */
export function isSafeToRetry(failure: ProviderFailure): boolean {
  switch (failure.kind) {
    case "not_sent":
    case "rate_limited":
      return true;
    case "provider_error":
      // 503 means "not now" and is answered before any work is done; a 500 may have happened mid-way.
      return failure.status === 503;
    default:
      return false;
  }
}
