// The security headers of every response, in one place (applied by proxy.ts). The CSP follows Next's documented
// nonce-based policy: scripts run only with this request's nonce (Next adds it to its own scripts and inline
// styles), so an injected <script> does not run. Inline style *attributes* stay allowed (style-src-attr): React
// renders some (progress bars), and an attribute cannot run code.
import { env } from "@/lib/env";

export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay; production never needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // frame-ancestors for current browsers, X-Frame-Options for the rest: the console is never framed (clickjacking).
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** For an API route answered without proxy.ts (JSON only: nothing in it may load or run anything, or be cached). */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
};

/**
 * HSTS when the console is reached over https (its public address, NEXTAUTH_URL, says so): browsers then never try
 * plain http to it for a year, so a network in between cannot strip TLS. Over plain http a browser ignores the
 * header, and the console behind no TLS at all must stay reachable: nothing then.
 */
export function transportSecurityHeaders(publicUrl: string | undefined): Readonly<Record<string, string>> {
  return publicUrl?.startsWith("https://") ? { "Strict-Transport-Security": "max-age=31536000" } : {};
}

/** SECURITY_HEADERS, with HSTS when this console is served over https. */
export function securityHeaders(): Readonly<Record<string, string>> {
  return { ...SECURITY_HEADERS, ...transportSecurityHeaders(env().NEXTAUTH_URL) };
}

/** API_SECURITY_HEADERS, with HSTS when this console is served over https. */
export function apiSecurityHeaders(): Readonly<Record<string, string>> {
  return { ...API_SECURITY_HEADERS, ...transportSecurityHeaders(env().NEXTAUTH_URL) };
}

/** `response` with the API's security headers, for the routes proxy.ts does not run before (its matcher says which). */
export function withApiSecurityHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(apiSecurityHeaders())) response.headers.set(name, value);
  return response;
}

/** A fresh, unguessable nonce per request (16 random bytes, base64). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
