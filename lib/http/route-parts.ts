// What both route gates — the console's (lib/auth/route-gate.ts) and the API's (lib/api/api-route.ts) — take and hand
// on: the schemas of a request's parts, the parts parsed, and how every answer leaves them.
import { z } from "zod";
import { withApiSecurityHeaders } from "./security-headers";

/** The schema of a part a route does not take: any object passes, as `{}`. */
export const anything = z.object({}).loose();

export type RouteSegment = { params?: Promise<unknown> };

export type RouteSchemas<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params?: P;
  query?: Q;
  /** A JSON body, read up to the path's limit (lib/http/body-limits.ts). */
  body?: B;
  /** For a route proxy.ts does not run before (an upload; its matcher says why): the gate sets the security headers. */
  ownSecurityHeaders?: boolean;
};

export type RouteParts<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  request: Request;
};

/** The path's parameters, parsed; a route without dynamic segments (POST /api/lists) has none at all. */
export async function parseParams(schema: z.ZodType | undefined, segment?: RouteSegment) {
  return (schema ?? anything).safeParse((await segment?.params) ?? {});
}

/** Every answer as it leaves: stored by no cache unless the route said otherwise (they carry message text and counts). */
export function leaving(response: Response, ownSecurityHeaders: boolean | undefined): Response {
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  return ownSecurityHeaders ? withApiSecurityHeaders(response) : response;
}
