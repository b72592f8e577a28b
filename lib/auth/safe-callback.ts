// Where the browser may go after logging in: only a path on this console. Parsed with URL against the app's origin,
// as browsers parse it, so "//host", "/\host", "https://other" and "javascript:" all resolve to another origin (or
// none) and are refused; no hand-written prefix test can keep up with what browsers accept.

/** A same-origin path (with query and hash) for `candidate`, or `fallback` when it would leave `appOrigin`. */
export function safeCallbackPath(candidate: string | null | undefined, appOrigin: string, fallback = "/"): string {
  if (!candidate) return fallback;
  let origin: string;
  let target: URL;
  try {
    origin = new URL(appOrigin).origin;
    target = new URL(candidate, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== origin) return fallback;
  // "/.//host" resolves on our origin to the path "//host", which a browser would read as another host.
  if (/^\/[/\\]/.test(target.pathname)) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}
