// One error class for failures an operator should read: a code for programs (and the HTTP status it maps to), a
// message for people, and per-field messages for forms.
export const APP_ERROR_CODES = [
  "INVALID_INPUT",
  "NOT_FOUND",
  "FORBIDDEN",
  "UNAUTHENTICATED",
  "CONFLICT",
  "TOO_LARGE",
  "PROVIDER",
  /** A part of Tuma that this request needs is down for a moment (the importer restarting): try again. */
  "UNAVAILABLE",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: FieldErrors,
  ) {
    super(message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
