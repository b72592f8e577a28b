// Runs before every request (Next 16's "proxy", formerly middleware): a fresh CSP nonce and the security headers
// of lib/http/security-headers.ts on every page and API response. The nonce also goes on the request, where Next
// reads it from the Content-Security-Policy header to put it on its scripts (pages render per request: app/layout.tsx).
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, createNonce, securityHeaders } from "@/lib/http/security-headers";

export function proxy(request: NextRequest): NextResponse {
  const nonce = createNonce();
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(securityHeaders())) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but Next's immutable build assets, which carry no page and are served with their own types, and the
  // two file uploads (a list, an opt-out list): for a request that passes through the proxy Next keeps a copy of the
  // body for it, and cuts that copy at 10 MB (experimental.proxyClientMaxBodySize) — a 30 MB list would arrive cut
  // short, and cut where a line ends it would even read as a shorter file. The upload routes set the security headers
  // themselves (route-gate.ts ownSecurityHeaders); e2e/lists.spec.ts sends a list over 10 MB. And the provider's
  // receipt callbacks: thousands a second, from a machine that needs no nonce; they set their own headers.
  matcher: [
    "/((?!_next/static|_next/image|favicon.ico|api/lists$|api/v1/lists$|api/opt-outs/upload$|api/receipts/).*)",
  ],
};
