// The one gate for API route handlers, the twin of authorizedAction: 401 when not logged in, 403 when the role may
// not, the path parameters and the query string parsed with their schemas (400 with field errors), AppError codes
// mapped to statuses, unknown errors hidden, and one JSON error shape.
import "server-only";
import { z } from "zod";
import type { Actor } from "@/lib/auth/permissions";
import { currentActor } from "@/lib/auth/session";
import { AppError } from "@/lib/errors/app-error";
import { invalidInput, toErrorBody } from "@/lib/errors/error-shape";
import { withApiSecurityHeaders } from "./security-headers";

type Gate<P extends z.ZodType, Q extends z.ZodType> = {
  allowed: (actor: Actor) => boolean;
  params?: P;
  query?: Q;
  /** For a route proxy.ts does not run before (its matcher says why): the gate sets the security headers itself. */
  ownSecurityHeaders?: boolean;
};

type Context<P extends z.ZodType, Q extends z.ZodType> = {
  actor: Actor;
  params: z.output<P>;
  query: z.output<Q>;
  request: Request;
};

const anything = z.object({}).loose();

/** Builds a GET/POST handler for `app/api/**\/route.ts`. */
export function route<P extends z.ZodType = typeof anything, Q extends z.ZodType = typeof anything>(
  gate: Gate<P, Q>,
  handle: (context: Context<P, Q>) => Promise<Response>,
): (request: Request, segment?: { params?: Promise<unknown> }) => Promise<Response> {
  return async (request, segment) => {
    const response = await answer(request, segment);
    return gate.ownSecurityHeaders ? withApiSecurityHeaders(response) : response;
  };

  async function answer(request: Request, segment?: { params?: Promise<unknown> }): Promise<Response> {
    try {
      const actor = await currentActor();
      if (!actor) throw new AppError("UNAUTHENTICATED", "Not logged in.");
      if (actor.mustChangePassword) throw new AppError("FORBIDDEN", "Choose your own password first.");
      if (!gate.allowed(actor)) throw new AppError("FORBIDDEN", "Your role does not allow this.");
      // A route without dynamic segments (POST /api/uploads, the audit export) has no params at all.
      const params = (gate.params ?? anything).safeParse((await segment?.params) ?? {});
      // A path that names nothing we have is "not found", whatever its shape.
      if (!params.success) throw new AppError("NOT_FOUND", "Not found.");
      const search = Object.fromEntries(new URL(request.url).searchParams);
      const query = (gate.query ?? anything).safeParse(search);
      if (!query.success) throw invalidInput(query.error, "Invalid query.");
      return await handle({ actor, params: params.data as z.output<P>, query: query.data as z.output<Q>, request });
    } catch (error) {
      const { status, body } = toErrorBody(error, `api ${new URL(request.url).pathname}`);
      return Response.json(body, { status });
    }
  }
}
