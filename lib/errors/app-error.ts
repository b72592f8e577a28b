// One error class for failures an operator should read: a code for programs (and the HTTP status it maps to), a
// message for people, and per-field messages for forms.
export type AppErrorCode =
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "FORBIDDEN"
  | "UNAUTHENTICATED"
  | "CONFLICT"
  | "TOO_LARGE"
  | "PROVIDER"
  /** This user already has their share running (two uploads, two exports): 429. */
  | "TOO_MANY"
  /** This process has its share running, or no database connection came free in time: 503. */
  | "BUSY";

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
