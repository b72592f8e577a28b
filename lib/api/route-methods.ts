// The methods each /api/v1 route answers, by its path as the OpenAPI document writes it. The web server
// (programs/web-server.ts) answers any other method with the API's problem shape and an Allow header; Next's own 405
// is an empty body. test/api/openapi.test.ts checks this table against the route files, both ways.
export const API_ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  "/batches": ["GET", "POST"],
  "/batches/{id}": ["GET"],
  "/batches/{id}/cancel": ["POST"],
  "/batches/{id}/export": ["GET"],
  "/batches/{id}/messages": ["GET"],
  "/batches/{id}/pause": ["POST"],
  "/batches/{id}/resend": ["POST"],
  "/batches/{id}/resume": ["POST"],
  "/events": ["GET"],
  "/lists": ["POST"],
  "/lists/{id}": ["GET", "DELETE"],
  "/messages": ["GET", "POST"],
  "/messages/{id}": ["GET"],
  "/numbers/{phone}/erase": ["POST"],
  "/numbers/{phone}/subject-access": ["GET"],
  "/openapi.json": ["GET"],
  "/webhooks": ["GET", "POST"],
  "/webhooks/{id}": ["GET", "PATCH", "DELETE"],
  "/webhooks/{id}/deliveries": ["GET"],
  "/webhooks/{id}/rotate-secret": ["POST"],
  "/webhooks/{id}/test": ["POST"],
  "/webhooks/allowed-hosts": ["GET", "PUT"],
  "/webhooks/deliveries/{deliveryId}/replay": ["POST"],
};

const PREFIX = "/api/v1/";
const TEMPLATES = Object.keys(API_ROUTE_METHODS).map((template) => template.slice(1).split("/"));

/**
 * The route a path under /api/v1 reaches, as Next picks it (a fixed segment before a {parameter}, from the left), or
 * null for any other path (Next answers those: 404, or a redirect for a trailing slash).
 */
export function apiRouteOf(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX) || pathname.endsWith("/")) return null;
  const segments = pathname.slice(PREFIX.length).split("/");
  let best: string[] | null = null;
  for (const template of TEMPLATES) {
    if (template.length !== segments.length) continue;
    if (!template.every((part, i) => part.startsWith("{") || part === segments[i])) continue;
    if (!best || moreFixed(template, best)) best = template;
  }
  return best ? `/${best.join("/")}` : null;
}

function moreFixed(a: string[], b: string[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const fixedA = !a[i]!.startsWith("{");
    const fixedB = !b[i]!.startsWith("{");
    if (fixedA !== fixedB) return fixedA;
  }
  return false;
}

/**
 * Whether `pathname` is under /api/v1 and no route's (nor a route's with a trailing slash, which Next redirects):
 * the web server answers it 404 route_not_found as problem+json, where Next would answer its HTML page.
 */
export function isUnknownApiPath(pathname: string): boolean {
  if (pathname !== "/api/v1" && !pathname.startsWith(PREFIX)) return false;
  if (apiRouteOf(pathname)) return false;
  return !(pathname.endsWith("/") && apiRouteOf(pathname.slice(0, -1)));
}

/** The methods a request may use on `pathname`, when it is one of the API's routes (HEAD with GET, as Next does). */
export function allowedApiMethods(pathname: string): string[] | null {
  const route = apiRouteOf(pathname);
  if (!route) return null;
  const methods = API_ROUTE_METHODS[route]!;
  return methods.includes("GET") ? [...methods, "HEAD", "OPTIONS"] : [...methods, "OPTIONS"];
}
