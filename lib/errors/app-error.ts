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
  /** This user already has their share running (two uploads, two exports): 429. */
  "TOO_MANY",
  /** This process has its share running, no database connection came free in time, or a part of Tuma the request
   * needs is restarting (the importer): 503, try again in a moment. */
  "BUSY",
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
