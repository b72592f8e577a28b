// One error class for failures an operator should read: a code for programs, a message for people.
export type AppErrorCode = "INVALID_INPUT" | "NOT_FOUND" | "FORBIDDEN" | "UNAUTHENTICATED" | "CONFLICT" | "PROVIDER";

export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
