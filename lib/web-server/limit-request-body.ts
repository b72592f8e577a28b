// Holds one request's body to its limit (lib/http/body-limits.ts) in the web server, where the connection is visible:
// a declared Content-Length over the limit is refused before the application sees the request; a chunked body is
// counted as the HTTP parser hands it over (IncomingMessage.push, which every reader of the body reads through), and
// the chunk that crosses the limit is never delivered. Either way the answer is 413 with the limit's sentence in the
// one error shape ({ ok: false, message }, lib/errors/error-shape.ts) — or, under /api/v1, the API's problem details
// (code body_too_large, lib/api/problem.ts) — and the connection is closed: the rest of the body is never read into
// memory.
//
// Closing is a "lingering close", as web servers do it: the answer and a FIN go out, then whatever the client is
// still sending is read and dropped (until the client closes too, LINGER_MS pass or LINGER_BYTES were dropped) before
// the socket is destroyed. Destroyed at once, the kernel answers the client's next segment with a reset, and a reset
// makes the client's kernel discard the 413 it has not read yet. The byte cap is well above what socket buffers hold:
// bytes the client wrote before the 413 reached it count too. The time is nginx's lingering_time (30 s), not a couple
// of seconds: a client on a busy machine may not run for seconds (CI saw an opt-out upload's 413 lost to a reset
// after a 2 s linger, at a load average of 14 on 2 cores), and a lingering socket costs nothing but its descriptor — it
// holds no request, so a stopping server closes it at once as idle (programs/web-server.ts).
import type http from "node:http";
import { ApiProblem, problemBody } from "@/lib/api/problem";
import type { ErrorBody } from "@/lib/errors/error-shape";
import { type BodyLimit, declaredLength, pathOf } from "@/lib/http/body-limits";
import { apiSecurityHeaders } from "@/lib/http/security-headers";

export const LINGER_BYTES = 16 * 1024 * 1024;
export const LINGER_MS = 30_000;

export type BodyGuard = {
  /** True once the body was refused: the application's own outcome for this request no longer matters. */
  readonly refused: boolean;
  /** False when the request was refused at once (declared over its limit): do not hand it to the application. */
  readonly proceed: boolean;
};

/**
 * Guards one request's body: refuses it at once when its declared length is over the limit, else counts it as it
 * arrives and refuses it at the byte that crosses the limit (nothing from that chunk on reaches the application:
 * the body it is reading simply stops, and ends only in the abort the closed connection brings).
 */
export function guardBody(request: http.IncomingMessage, response: http.ServerResponse, limit: BodyLimit): BodyGuard {
  let refused = false;
  let received = 0;
  let dropped = 0;
  const push = request.push.bind(request);
  const refuse = (): void => {
    refused = true;
    refuseBody(request, response, limit);
  };
  // The body is ended by destroying the request (below); a reader that is not listening must not crash the process.
  request.on("error", () => {});
  request.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    const size =
      typeof chunk === "string"
        ? Buffer.byteLength(chunk, encoding)
        : chunk instanceof Uint8Array
          ? chunk.byteLength
          : 0;
    if (refused) {
      // Lingering: read and dropped, up to a point.
      dropped += size;
      if (dropped > LINGER_BYTES) closeConnection(request);
      return true;
    }
    received += size;
    if (received > limit.bytes) {
      refuse();
      return true;
    }
    return push(chunk, encoding);
  };
  // An application that answers without reading the body (a 401, a 404) leaves the rest to Node, which reads it to
  // the end and drops it unseen, however long: resumed here instead (before Node's own "finish" handler), the body
  // keeps passing through the count above and is cut at the limit like any other.
  response.prependOnceListener("finish", () => {
    if (!request.complete) request.resume();
  });
  const declared = declaredLength(request.headers["content-length"]);
  if (declared !== null && declared > limit.bytes) refuse();
  return {
    get refused() {
      return refused;
    },
    proceed: !refused,
  };
}

/** Answers 413 with the limit's sentence (unless an answer has begun), then closes the connection, lingering. */
function refuseBody(request: http.IncomingMessage, response: http.ServerResponse, limit: BodyLimit): void {
  const socket = request.socket;
  const destroy = (): void => closeConnection(request);
  const linger = (): void => {
    socket.end();
    setTimeout(destroy, LINGER_MS).unref();
  };
  // Node's server destroys a connection it was told to close as soon as the answer is written; half-close instead.
  socket.destroySoon = linger;
  // However the connection ends from here (the client closing its side, a reset, the linger), the request ends too.
  socket.once("close", () => request.destroy());
  if (response.headersSent) {
    // The application answered already (a refusal without reading, say): end the connection once that is written.
    if (response.writableFinished) linger();
    else
      response.once("finish", linger).once("close", () => {
        if (!response.writableFinished) destroy(); // the answer itself was cut off
      });
    return;
  }
  const api = isApiPath(pathOf(request.url ?? "/"));
  const body: ErrorBody = { ok: false, message: limit.message };
  const text = api ? problemBody(new ApiProblem(413, "body_too_large", limit.message)) : JSON.stringify(body);
  response.writeHead(413, {
    ...apiSecurityHeaders(),
    "Content-Type": api ? "application/problem+json" : "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    Connection: "close",
  });
  response.end(text);
}

/**
 * Ends the connection and the request with it. Node aborts a request whose connection closes only while its answer
 * is pending; once the 413 is written it no longer would, and the application would wait for the rest of a body that
 * never comes (an upload would stay half-stored). Destroyed, its body ends in an error every reader sees.
 */
function closeConnection(request: http.IncomingMessage): void {
  request.socket.destroy();
  request.destroy();
}

const isApiPath = (path: string): boolean => path === "/api/v1" || path.startsWith("/api/v1/");
