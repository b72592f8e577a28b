// Whether a request that changes something came from the console's own pages. A browser sends the page's origin
// with every POST (Origin) and, in current browsers, where the request came from (Sec-Fetch-Site); a page on another
// site that makes a logged-in operator's browser POST a file to /api/lists (cross-site request forgery: the
// session cookie goes along) is refused by these, as Next refuses such server-action calls. A request without either
// header comes from no browser (a script with a session cookie it was given) and is not a forgery.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const FOREIGN_ORIGIN = "This request came from another site, so it was refused. Use the console's own pages.";

/**
 * Null when the request may proceed, else the reason it may not. `appOrigin` is the console's public origin
 * (NEXTAUTH_URL); the request's own Host header is accepted too (the console reached by another of its names).
 */
export function foreignOrigin(method: string, headers: Headers, appOrigin: string): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return FOREIGN_ORIGIN;
  const origin = headers.get("origin");
  if (origin === null) return null;
  if (origin === appOrigin) return null;
  const host = headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return FOREIGN_ORIGIN; // "null" (a sandboxed frame, a data: URL) or garbage
  }
  return host !== null && originHost === host.toLowerCase() ? null : FOREIGN_ORIGIN;
}
