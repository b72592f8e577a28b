// The one error shape of actions and API routes, `{ ok: false, message, fieldErrors? }`, and how each failure maps
// onto it: zod issues become field errors, AppError codes become HTTP statuses, anything else is hidden (logged,
// never sent: an unknown error's message may carry a query or a secret).
import type { z } from "zod";
import { DATABASE_BUSY, isPoolTimeout } from "@/lib/db/pool-timeout";
import { logger } from "@/lib/log";
import { AppError, isAppError, type AppErrorCode, type FieldErrors } from "./app-error";

export type ErrorBody = { ok: false; message: string; fieldErrors?: FieldErrors };

export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY: 429,
  PROVIDER: 502,
  BUSY: 503,
};

export const UNEXPECTED_MESSAGE = "Something went wrong on our side; nothing was changed. Try again.";

/** Every zod issue, by field path ("form" for the whole input). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const details: FieldErrors = {};
  for (const issue of error.issues) (details[issue.path.join(".") || "form"] ??= []).push(issue.message);
  return details;
}

/** A zod failure as an AppError: the first problem as the message, all of them as field errors. */
export function invalidInput(error: z.ZodError, fallback = "Check the form."): AppError {
  const details = fieldErrorsOf(error);
  const count = error.issues.length;
  const first = error.issues[0]?.message ?? fallback;
  return new AppError(
    "INVALID_INPUT",
    count > 1 ? `${first} (and ${count - 1} more problem${count > 2 ? "s" : ""})` : first,
    details,
  );
}

export function toErrorBody(error: unknown, where: string): { status: number; body: ErrorBody } {
  if (isAppError(error)) {
    return {
      status: STATUS_BY_CODE[error.code],
      body: { ok: false, message: error.message, ...(error.details ? { fieldErrors: error.details } : {}) },
    };
  }
  if (isPoolTimeout(error)) {
    logger().warn({ where }, "no database connection came free in time");
    return { status: STATUS_BY_CODE.BUSY, body: { ok: false, message: DATABASE_BUSY } };
  }
  logger().error({ err: error, where }, "unexpected error");
  return { status: 500, body: { ok: false, message: UNEXPECTED_MESSAGE } };
}

/** Prisma's unique-constraint violation (P2002), by its code, never by its message. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === "P2002"
  );
}
