// The API's one error shape, RFC 9457 problem details (`application/problem+json`): the status, a stable `code` to
// switch on and its `type` URI (lib/api/problem-codes.ts), a title, the sentence the console would show (`detail`),
// and each failing field in `errors` with a machine path (`recipients[7].phone`), its own code and sentence — every
// bad item up to MAX_LISTED_ERRORS, the rest counted in `errorsOmitted`. Built from the console's errors
// (lib/errors/error-shape.ts: unknown errors stay hidden) or an ApiProblem for what only the API says.
import { z } from "zod";
import { isAppError } from "@/lib/errors/app-error";
import { toErrorBody } from "@/lib/errors/error-shape";
import {
  CODE_OF_APP_ERROR,
  FIELD_CODE_LIST,
  PROBLEM_CODE_LIST,
  problemType,
  type FieldCode,
  type ProblemCode,
} from "./problem-codes";
import { formatCount } from "@/lib/numbers/format";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** At most this many field errors are listed; `errorsOmitted` counts the rest. */
export const MAX_LISTED_ERRORS = 100;

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export type FieldProblem = { path: string; code: FieldCode; message: string };

export const problemSchema = z
  .object({
    type: z.string().meta({
      description: "A URI for the code: the API reference page's explanation of it (/api-reference#problem-<code>).",
      example: "/api-reference#problem-validation_failed",
    }),
    code: z
      .enum(PROBLEM_CODE_LIST)
      .meta({ description: "What went wrong, stable within v1: switch on this.", example: "validation_failed" }),
    title: z.string().meta({ description: "The status's name.", example: "Bad Request" }),
    status: z.number().int().meta({ description: "The HTTP status.", example: 400 }),
    detail: z
      .string()
      .meta({ description: "What went wrong, as a sentence to show a person.", example: "Write the message." }),
    errors: z
      .array(
        z.object({
          path: z.string().meta({
            description:
              "The failing field: dotted names and [index] (recipients[7].phone); `body` for the whole body.",
            example: "recipients[7].phone",
          }),
          code: z.enum(FIELD_CODE_LIST).meta({ description: "What is wrong with it.", example: "invalid_phone" }),
          message: z
            .string()
            .meta({ description: "A sentence for a person.", example: "Too short for a Kenyan mobile number." }),
        }),
      )
      .optional()
      .meta({ description: `Each failing field, at most ${MAX_LISTED_ERRORS}.` }),
    errorsOmitted: z
      .number()
      .int()
      .optional()
      .meta({
        description: `How many more failing fields there were past the ${MAX_LISTED_ERRORS} listed.`,
        example: 0,
      }),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details." });
export type Problem = z.infer<typeof problemSchema>;

/** A failure only the API has words for, with its own status, code (and headers, such as Retry-After). */
export class ApiProblem extends Error {
  override name = "ApiProblem";
  readonly headers: Record<string, string>;
  readonly errors: FieldProblem[] | undefined;
  readonly errorsOmitted: number;
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    message: string,
    options: { headers?: Record<string, string>; errors?: FieldProblem[]; errorsOmitted?: number } = {},
  ) {
    super(message);
    this.headers = options.headers ?? {};
    this.errors = options.errors;
    this.errorsOmitted = options.errorsOmitted ?? 0;
  }
}

/** A path as the API writes it: names dotted, indexes in brackets (["recipients", 7, "phone"] → recipients[7].phone). */
export function machinePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path)
    out += typeof part === "number" ? `[${part}]` : out === "" ? String(part) : `.${String(part)}`;
  return out || "body";
}

/** A dotted path of the console's field errors (recipients.3.phone, form) as the API writes it. */
function fromDotted(path: string): string {
  if (path === "form") return "body";
  return machinePath(path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
}

/** Every zod issue as field problems: an unknown key is named (one problem per key), a missing field is `required`. */
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue): FieldProblem[] => {
    if (issue.code === "unrecognized_keys")
      return issue.keys.map((name) => ({
        path: machinePath([...issue.path, name]),
        code: "unknown_field",
        message: `Unknown field “${name}”: the API refuses what it does not know, so a misspelled field is not ignored.`,
      }));
    const required = issue.code === "invalid_type" && issue.input === undefined;
    const own = issue.code === "custom" ? ownFieldCode(issue.params) : null;
    return [
      { path: machinePath(issue.path), code: own ?? (required ? "required" : "invalid"), message: issue.message },
    ];
  });
}

/** A custom issue's own field code (lib/api/schemas/reference.ts sets `params.fieldCode`), when it is one. */
function ownFieldCode(params: unknown): FieldCode | null {
  const code = (params as { fieldCode?: unknown } | undefined)?.fieldCode;
  return typeof code === "string" && (FIELD_CODE_LIST as readonly string[]).includes(code) ? (code as FieldCode) : null;
}

/** A 400 naming every failing field (the first as `detail`), listing at most MAX_LISTED_ERRORS. */
export function validationProblem(errors: FieldProblem[], fallback = "The request is not valid."): ApiProblem {
  const first = errors[0] ? `${errors[0].path}: ${errors[0].message}` : fallback;
  const more = errors.length > 1 ? ` (and ${formatCount(errors.length - 1)} more)` : "";
  return new ApiProblem(400, "validation_failed", `${first}${more}`, {
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    errorsOmitted: Math.max(0, errors.length - MAX_LISTED_ERRORS),
  });
}

function build(status: number, code: ProblemCode, detail: string): Problem {
  return { type: problemType(code), code, title: TITLES[status] ?? "Error", status, detail };
}

/** An ApiProblem's body, for a server that writes it without a Response (programs/web-server.ts, the body guard). */
export function problemBody(error: ApiProblem): string {
  return JSON.stringify(build(error.status, error.code, error.message));
}

export function problemResponse(error: unknown, where: string): Response {
  let problem: Problem;
  const headers: Record<string, string> = { "content-type": PROBLEM_CONTENT_TYPE };
  if (error instanceof ApiProblem) {
    problem = build(error.status, error.code, error.message);
    if (error.errors) problem.errors = error.errors;
    if (error.errorsOmitted) problem.errorsOmitted = error.errorsOmitted;
    Object.assign(headers, error.headers);
  } else {
    const { status, body } = toErrorBody(error, where);
    const code = appCodeOf(error, status);
    problem = build(status, code, body.message);
    if (body.fieldErrors) {
      const all = Object.entries(body.fieldErrors).flatMap(([path, messages]) =>
        messages.map((message) => ({ path: fromDotted(path), code: "invalid" as const, message })),
      );
      problem.errors = all.slice(0, MAX_LISTED_ERRORS);
      if (all.length > MAX_LISTED_ERRORS) problem.errorsOmitted = all.length - MAX_LISTED_ERRORS;
    }
  }
  // Busy (503) and one's share running (429): worth trying again shortly.
  if (problem.status === 503 || problem.status === 429) headers["retry-after"] ??= "1";
  if (problem.status === 401) headers["www-authenticate"] = 'Bearer realm="tuma"';
  return new Response(JSON.stringify(problem), { status: problem.status, headers });
}

function appCodeOf(error: unknown, status: number): ProblemCode {
  if (isAppError(error)) return CODE_OF_APP_ERROR[error.code];
  return status === 503 ? "busy" : "internal_error";
}
