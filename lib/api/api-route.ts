// The one gate of /api/v1 route handlers, the API twin of lib/auth/route-gate.ts: the bearer key (401), the key's
// rate limit (429), its scope and its user's role (403, both must allow), the path (404), the query and a JSON body
// parsed with their schemas (400 naming each field by its machine path; a query parameter the operation does not
// take is refused by name, as bodies' schemas refuse unknown fields), Idempotency-Key on every POST
// (lib/api/idempotency.ts), and every failure as problem+json with its code (lib/api/problem.ts). A test key reaches
// only the sandbox account's batches and messages (lib/api/key-reach.ts), checked here for every /batches/{id} and
// /messages/{id} path. No cookie and no session: a key is not a browser, so no
// same-origin check either. Another route file (say /api/v1/webhooks) joins with `apiRoute({...}, handler)` and an
// entry in lib/api/openapi/operations.ts (docs/api.md).
import "server-only";
import { z } from "zod";
import { authenticateKey, type KeyActor } from "@/lib/api-keys/authenticate-key";
import { noteFailedKey } from "@/lib/api-keys/failed-key-log";
import type { ApiScope } from "@/lib/api-keys/scopes";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Actor } from "@/lib/auth/permissions";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { bodyLimitFor } from "@/lib/http/body-limits";
import { parseJsonBody, readBodyBytes } from "@/lib/http/read-json-body";
import {
  anything,
  leaving,
  parseParams,
  type RouteParts,
  type RouteSchemas,
  type RouteSegment,
} from "@/lib/http/route-parts";
import { requestHash, withIdempotency } from "./idempotency";
import { assertKeyReachesBatch, assertKeyReachesMessage } from "./key-reach";
import { ApiProblem, fieldProblems, problemResponse, validationProblem, type FieldProblem } from "./problem";
import { rateHeaders, spendRequest, type RateState } from "./rate-limit";
import { formatCount } from "@/lib/numbers/format";

export type ApiGate<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = RouteSchemas<P, Q, B> & {
  /** The scope the key needs. */
  scope: ApiScope;
  /** What the key's user's role must allow (lib/auth/permissions.ts), as in the console. */
  allowed: (actor: Actor) => boolean;
  /** The sentence when `allowed` says no, if the role alone does not say why (the export permission). */
  refusal?: string;
  /** The handler reads request.body itself (an upload): the Idempotency-Key then covers path, query and length. */
  rawBody?: boolean;
  /** The path as the admin scope's audit entry writes it, when the real one names a person (a number to erase). */
  auditedPath?: string;
};

export type ApiContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = KeyActor & RouteParts<P, Q, B>;

export function apiRoute<
  P extends z.ZodType = typeof anything,
  Q extends z.ZodType = typeof anything,
  B extends z.ZodType = typeof anything,
>(
  gate: ApiGate<P, Q, B>,
  handle: (context: ApiContext<P, Q, B>) => Promise<Response>,
): (request: Request, segment?: RouteSegment) => Promise<Response> {
  return async (request, segment) => {
    const url = new URL(request.url);
    let rate: RateState | null = null;
    let response: Response;
    try {
      const who = await authenticateKey(request.headers.get("authorization")).catch((error: unknown) => {
        noteFailedKey(error, request.headers);
        throw error;
      });
      rate = await spendRequest(who.key.id, env().API_RATE_LIMIT_PER_MINUTE);
      if (!rate.allowed)
        throw new ApiProblem(
          429,
          "rate_limited",
          `This key has used its ${formatCount(rate.limit)} requests a minute; try again in ${rate.retryAfterSeconds} s.`,
          { headers: { "retry-after": String(rate.retryAfterSeconds) } },
        );
      // A user's keys together: ten keys are not ten times the requests.
      const perUser = await spendRequest(who.actor.id, env().API_RATE_LIMIT_PER_USER_PER_MINUTE, "per-user");
      if (!perUser.allowed || perUser.remaining < rate.remaining) rate = perUser;
      if (!perUser.allowed)
        throw new ApiProblem(
          429,
          "rate_limited",
          `This key's user has used their ${formatCount(perUser.limit)} requests a minute across all their keys; try again in ${perUser.retryAfterSeconds} s.`,
          { headers: { "retry-after": String(perUser.retryAfterSeconds) } },
        );
      response = await answer(request, url, who, segment);
    } catch (error) {
      response = problemResponse(error, `api ${url.pathname}`);
    }
    if (rate) for (const [name, value] of Object.entries(rateHeaders(rate))) response.headers.set(name, value);
    return leaving(response, gate.ownSecurityHeaders);
  };

  async function answer(request: Request, url: URL, who: KeyActor, segment?: RouteSegment): Promise<Response> {
    if (!who.key.scopes.includes(gate.scope))
      throw new ApiProblem(403, "missing_scope", `This key does not have the “${gate.scope}” scope.`);
    if (!gate.allowed(who.actor))
      throw new AppError(
        "FORBIDDEN",
        gate.refusal ?? `The role of this key's user (${who.actor.role.toLowerCase()}) does not allow this.`,
      );
    // Reads by an admin key are not audited one by one (a delivery log paged every minute would drown the audit
    // log); every write is (docs/api.md).
    if (gate.scope === "admin" && request.method !== "GET" && request.method !== "HEAD")
      await recordAudit({
        actorId: who.actor.id,
        action: "api_key.admin_use",
        targetType: "ApiKey",
        targetId: who.key.id,
        detail: { prefix: who.key.prefix, operation: `${request.method} ${gate.auditedPath ?? url.pathname}` },
      });
    const params = await parseParams(gate.params, segment);
    if (!params.success)
      throw new AppError("NOT_FOUND", "No such resource: the id in the path is not one that exists.");
    const id = (params.data as { id?: unknown }).id;
    if (typeof id === "string" && url.pathname.startsWith("/api/v1/batches/")) await assertKeyReachesBatch(who.key, id);
    if (typeof id === "string" && url.pathname.startsWith("/api/v1/messages/"))
      await assertKeyReachesMessage(who.key, id);
    const unknown = unknownParameters(url.searchParams, gate.query);
    const query = (gate.query ?? anything).safeParse(Object.fromEntries(url.searchParams));
    if (unknown.length || !query.success)
      throw validationProblem([...unknown, ...(query.success ? [] : fieldProblems(query.error))], "Invalid query.");

    let bytes: Buffer = Buffer.alloc(0);
    if (gate.body) {
      const limit = bodyLimitFor({ url: url.pathname, serverAction: false });
      bytes = await readBodyBytes(request, limit.bytes, limit.message);
    }
    const run = async () => {
      let body: unknown = {};
      if (gate.body) {
        const parsed = gate.body.safeParse(parseJsonBody(bytes));
        if (!parsed.success) throw validationProblem(fieldProblems(parsed.error), "Invalid request.");
        body = parsed.data;
      }
      return handle({
        ...who,
        params: params.data as z.output<P>,
        query: query.data as z.output<Q>,
        body: body as z.output<B>,
        request,
      });
    };
    if (request.method !== "POST") return run();
    const hashed = gate.rawBody
      ? requestHash(request.method, url.pathname + url.search, request.headers.get("content-length") ?? "chunked")
      : requestHash(request.method, url.pathname + url.search, bytes);
    // A failure inside is an answer too (a 400 for a bad body is given again for the same key and body).
    return withIdempotency(who.key.id, request.headers.get("idempotency-key"), hashed, () =>
      run().catch((error: unknown) => {
        if (error instanceof ApiProblem || error instanceof AppError)
          return problemResponse(error, `api ${url.pathname}`);
        throw error;
      }),
    );
  }
}

/** Query parameters the operation does not take (any, when it takes none), each named. */
function unknownParameters(search: URLSearchParams, schema: z.ZodType | undefined): FieldProblem[] {
  const known = schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : new Set<string>();
  return [...new Set(search.keys())]
    .filter((name) => !known.has(name))
    .map((name) => ({
      path: name,
      code: "unknown_field" as const,
      message: `Unknown query parameter “${name}”: ${known.size ? `this operation takes ${[...known].join(", ")}` : "this operation takes none"}.`,
    }));
}
