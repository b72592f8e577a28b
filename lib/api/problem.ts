// The API's one error shape, RFC 9457 problem details (`application/problem+json`): the status, a title, the sentence
// the console would show (`detail`), and each failing field with its own sentence in `errors`. Built from the same
// errors as the console's (lib/errors/error-shape.ts: unknown errors stay hidden), plus ApiProblem for what only the
// API says (an idempotency conflict's 422, a rate limit's 429).
import { z } from "zod";
import { toErrorBody } from "@/lib/errors/error-shape";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

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

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "Always about:blank: the status and title say what kind of problem." }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().meta({ description: "What went wrong, as a sentence to show a person." }),
    code: z
      .string()
      .optional()
      .meta({ description: "A stable code to switch on, where the API has one (test_key_live_account, …)." }),
    errors: z
      .array(
        z.object({
          path: z
            .string()
            .meta({ description: "The failing field, dotted (recipients.3.phone); form = the whole body." }),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: "Problem" });
export type Problem = z.infer<typeof problemSchema>;

/** A failure only the API has words for, with its own status (and headers, such as Retry-After). */
export class ApiProblem extends Error {
  override name = "ApiProblem";
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(message);
  }
}

export function problemResponse(error: unknown, where: string): Response {
  let problem: Problem;
  const headers: Record<string, string> = { "content-type": PROBLEM_CONTENT_TYPE };
  if (error instanceof ApiProblem) {
    problem = {
      type: "about:blank",
      title: TITLES[error.status] ?? "Error",
      status: error.status,
      detail: error.message,
      ...(error.code ? { code: error.code } : {}),
    };
    Object.assign(headers, error.headers);
  } else {
    const { status, body } = toErrorBody(error, where);
    problem = { type: "about:blank", title: TITLES[status] ?? "Error", status, detail: body.message };
    if (body.fieldErrors)
      problem.errors = Object.entries(body.fieldErrors).flatMap(([path, messages]) =>
        messages.map((message) => ({ path, message })),
      );
    // Busy (503) and one's share running (429): worth trying again shortly.
    if (status === 503 || status === 429) headers["retry-after"] ??= "1";
    if (status === 401) headers["www-authenticate"] = 'Bearer realm="tuma"';
  }
  return new Response(JSON.stringify(problem), { status: problem.status, headers });
}
