// The one gate for API route handlers, the twin of authorizedAction: a write from another site refused (403), 401
// when not logged in, 403 when the role may not, the path parameters, the query string and a JSON body parsed with
// their schemas (400 with field errors), AppError codes mapped to statuses, unknown errors hidden, one JSON error
// shape, and no answer stored by any cache (they carry message text and counts).
import "server-only";
import { z } from "zod";
import { appOrigin } from "@/lib/auth/app-origin";
import type { Actor } from "@/lib/auth/permissions";
import { currentActor } from "@/lib/auth/session";
import { AppError } from "@/lib/errors/app-error";
import { invalidInput, toErrorBody } from "@/lib/errors/error-shape";
import { bodyLimitFor } from "@/lib/http/body-limits";
import { readJsonBody } from "@/lib/http/read-json-body";
import { foreignOrigin } from "@/lib/http/same-origin";
import {
  anything,
  leaving,
  parseParams,
  type RouteParts,
  type RouteSchemas,
  type RouteSegment,
} from "@/lib/http/route-parts";

type Gate<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = RouteSchemas<P, Q, B> & {
  allowed: (actor: Actor) => boolean;
  /** The sentence when `allowed` says no, if the role alone does not say why (the export permission). */
  refusal?: string;
};

/** Builds a GET/POST handler for `app/api/**\/route.ts`. */
export function route<
  P extends z.ZodType = typeof anything,
  Q extends z.ZodType = typeof anything,
  B extends z.ZodType = typeof anything,
>(
  gate: Gate<P, Q, B>,
  handle: (context: RouteParts<P, Q, B> & { actor: Actor }) => Promise<Response>,
): (request: Request, segment?: RouteSegment) => Promise<Response> {
  return async (request, segment) => leaving(await answer(request, segment), gate.ownSecurityHeaders);

  async function answer(request: Request, segment?: RouteSegment): Promise<Response> {
    try {
      const foreign = foreignOrigin(request.method, request.headers, appOrigin());
      if (foreign) throw new AppError("FORBIDDEN", foreign);
      const actor = await currentActor();
      if (!actor) throw new AppError("UNAUTHENTICATED", "Not logged in.");
      if (actor.mustChangePassword) throw new AppError("FORBIDDEN", "Choose your own password first.");
      if (!gate.allowed(actor)) throw new AppError("FORBIDDEN", gate.refusal ?? "Your role does not allow this.");
      const params = await parseParams(gate.params, segment);
      // A path that names nothing we have is "not found", whatever its shape.
      if (!params.success) throw new AppError("NOT_FOUND", "Not found.");
      const url = new URL(request.url);
      const query = (gate.query ?? anything).safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) throw invalidInput(query.error, "Invalid query.");
      let body: z.ZodSafeParseResult<unknown> = { success: true, data: {} };
      if (gate.body) {
        const limit = bodyLimitFor({ url: url.pathname, serverAction: false });
        body = gate.body.safeParse(await readJsonBody(request, limit.bytes, limit.message));
        if (!body.success) throw invalidInput(body.error, "Invalid request.");
      }
      return await handle({
        actor,
        params: params.data as z.output<P>,
        query: query.data as z.output<Q>,
        body: body.data as z.output<B>,
        request,
      });
    } catch (error) {
      const { status, body } = toErrorBody(error, `api ${new URL(request.url).pathname}`);
      return Response.json(body, { status });
    }
  }
}
