// The console's HTTP server (started by programs/start.ts): Next's request handler behind a plain Node server, for
// what App Router code cannot do because it never sees the connection:
// - the client's address (log-ins are throttled per client) is decided here and passed on in a header the
//   application trusts only with this process's seal; any value a client sent in it is removed first
//   (lib/web-server/claim-client-address.ts);
// - a request line or target it cannot use is answered 400 before anything parses it (lib/web-server/request-target.ts),
//   and a response whose client stopped reading is closed (lib/web-server/stalled-responses.ts);
// - every request body is held to its path's limit (lib/http/body-limits.ts) while it streams, before Next reads
//   any of it: Next's route handlers and its proxy read whatever arrives into memory;
// - the provider's delivery receipts, thousands of callbacks a second, are answered here without Next's request
//   handling (lib/receipts/receipt-callback.ts).
import http from "node:http";
import next from "next";
import { parseEnv } from "@/lib/env";
import { type BodyLimit, bodyLimitFor, declaredLength, isServerActionCall, pathOf } from "@/lib/http/body-limits";
import { claimClientAddress } from "@/lib/web-server/claim-client-address";
import { proxyTrust } from "@/lib/client-address/client-address";
import { guardBody } from "@/lib/web-server/limit-request-body";
import { answerBadTarget, answerUnparsable, checkTarget } from "@/lib/web-server/request-target";
import { closeStalledResponses } from "@/lib/web-server/stalled-responses";
import { apiSecurityHeaders } from "@/lib/http/security-headers";
import { ApiProblem, PROBLEM_CONTENT_TYPE, problemBody, problemResponse } from "@/lib/api/problem";
import { allowedApiMethods, isUnknownApiPath } from "@/lib/api/route-methods";
import { answerReceiptCallback, receiptCallbackSecret } from "@/lib/receipts/receipt-callback";
import { exitOnCrash } from "@/lib/bootstrap/exit-on-crash";
import { injectedCrash } from "@/lib/bootstrap/injected-crash";
import { answerMetrics } from "@/lib/metrics/serve-metrics";
import { collectProcessMetrics, metricsEnabled } from "@/lib/metrics/registry";
import { registerDatabaseGauges } from "@/lib/web-server/database-gauges";
import { applyBuiltNextConfig } from "@/lib/web-server/built-next-config";
import { keepConnectionsAlive } from "@/lib/http/keep-alive";
import { collectWhenQuiet } from "@/lib/bootstrap/startup-garbage";

// Its pools' shares of DATABASE_POOL_MAX (lib/db/connection-budget.ts).
process.env.TUMA_PROCESS_KIND = "web";
// Next's own listeners only log a crash (lib/bootstrap/exit-on-crash.ts): ours end the process, and it is restarted.
exitOnCrash("web");
const env = parseEnv();
const trust = proxyTrust(env);
if (metricsEnabled()) {
  collectProcessMetrics();
  registerDatabaseGauges();
}
applyBuiltNextConfig(process.cwd());
const app = next({ dev: false, dir: process.cwd(), hostname: env.HOSTNAME, port: env.PORT });
const handle = app.getRequestHandler();
/** Set by SIGTERM: see the handler at the end. */
let stopping = false;
await app.prepare();

function limitOf(request: http.IncomingMessage): BodyLimit {
  return bodyLimitFor({ url: request.url ?? "/", serverAction: isServerActionCall(request.method, request.headers) });
}

function serve(request: http.IncomingMessage, response: http.ServerResponse): void {
  injectedCrash("web-request"); // tests only (lib/bootstrap/injected-crash.ts)
  if (stopping) response.shouldKeepAlive = false;
  // A target nothing here could route (`//`, a bad %-escape, a proxy's absolute URL, 8 KB of path): 400, its sentence.
  const target = checkTarget(request.url);
  if (!target.ok) return answerBadTarget(request, response, target.problem);
  // Whatever the client sent as the client-address header is gone before anything reads the request.
  const client = claimClientAddress(request, trust);
  const pathname = target.pathname;
  // GET /metrics while METRICS_TOKEN is set (lib/metrics/serve-metrics.ts); otherwise Next's 404, as any unknown path.
  if (answerMetrics(request, response, pathname)) return;
  const allowed = allowedApiMethods(pathname);
  if (allowed && !allowed.includes(request.method ?? "")) return void methodNotAllowed(request, response, allowed);
  if (isUnknownApiPath(pathname)) return void routeNotFound(request, response, pathname);
  const guard = guardBody(request, response, limitOf(request));
  if (!guard.proceed) return;
  // The provider's receipts, answered here without Next (lib/receipts/receipt-callback.ts says why). Taken by the
  // path as sent, as the limit was chosen: a spelling that only normalises to it (/x/../api/receipts/…) is Next's.
  const receiptSecret = receiptCallbackSecret(pathOf(request.url ?? "/"));
  if (receiptSecret !== null) return void answerReceiptCallback(request, response, receiptSecret, client);
  handle(request, response).catch((error: unknown) => {
    if (guard.refused) return; // the body was cut off on purpose, and the 413 is already on its way
    console.error("[web] unhandled error", error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
}

/**
 * A method an /api/v1 route does not answer: the API's problem shape with an Allow header (lib/api/route-methods.ts),
 * where Next would answer an empty 405. Any body is left unread, and the connection closed after the answer.
 */
async function methodNotAllowed(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  allowed: string[],
): Promise<void> {
  const listed = allowed.filter((method) => method !== "HEAD" && method !== "OPTIONS").join(", ");
  const problem = problemResponse(
    new ApiProblem(
      405,
      "method_not_allowed",
      `This address answers ${listed} only; ${request.method ?? "this method"} is not one of them.`,
      { headers: { allow: allowed.join(", ") } },
    ),
    "api method",
  );
  response.shouldKeepAlive = false;
  response.writeHead(problem.status, { ...Object.fromEntries(problem.headers), ...apiSecurityHeaders() });
  response.end(await problem.text());
  request.resume();
}

/** A path under /api/v1 that is no route's: the API's problem shape (route_not_found), where Next would send HTML. */
function routeNotFound(request: http.IncomingMessage, response: http.ServerResponse, pathname: string): void {
  const text = problemBody(
    new ApiProblem(
      404,
      "route_not_found",
      `There is no operation at ${pathname.slice(0, 200)}; see /api/v1/openapi.json.`,
    ),
  );
  response.shouldKeepAlive = false;
  response.writeHead(404, { "content-type": PROBLEM_CONTENT_TYPE, ...apiSecurityHeaders() });
  response.end(text);
  request.resume();
}

const server = http.createServer(serve);
keepConnectionsAlive(server); // a provider posting receipts on a kept-alive connection (lib/http/keep-alive.ts)
// A client that asks before sending its body (Expect: 100-continue, as curl does for large uploads) is told 413
// instead of "go on" when the body it announces is over the limit.
server.on("checkContinue", (request: http.IncomingMessage, response: http.ServerResponse) => {
  const declared = declaredLength(request.headers["content-length"]);
  if (declared === null || declared <= limitOf(request).bytes) response.writeContinue();
  serve(request, response);
});
// A request Node's parser refused (a NUL in the target, over 16 KB of headers): 400 with a sentence, connection closed.
server.on("clientError", answerUnparsable);
// A response its client has read nothing of for EXPORT_STALL_SECONDS (a zero TCP window) is closed, as if it left.
closeStalledResponses(server, env.EXPORT_STALL_SECONDS * 1000);
server.listen(env.PORT, env.HOSTNAME);
// The start's garbage, and each first use's, collected once the server falls quiet (lib/bootstrap/startup-garbage.ts).
collectWhenQuiet(server);

// Stop accepting, let requests in progress finish, then exit (the start script sends SIGTERM). A kept-alive connection
// that goes idle later (the provider posting receipts, a browser polling a batch) would hold close() open until the
// supervisor's grace period ends and it kills this process: each is closed as soon as it is idle, and the responses
// still being written say "Connection: close" so their clients do not send another request on them.
process.on("SIGTERM", () => {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
});

// Under `npm start` (an IPC channel to its supervisor, lib/bootstrap/supervisor.ts): SIGINT is the supervisor's to act
// on — a Ctrl-C reaches every process of the group, and it stops the parts in order, this one with SIGTERM — and the
// supervisor's end (even by kill -9) is this process's end.
if (process.send) {
  process.on("SIGINT", () => {});
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
