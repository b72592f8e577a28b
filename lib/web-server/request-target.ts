// What the web server (programs/web-server.ts) does with a request line it cannot use, before anything else parses
// it. `GET //` once made `new URL` throw in the server's handler: no answer at all, the connection held open, and a
// stack logged per request — an anonymous client could hold connections and flood the log for free. Now every
// malformed target is answered 400 with a sentence (problem+json under /api, a short plain page elsewhere, the API's
// security headers either way), the connection closed, and nothing logged: a client's bad request is the client's.
//
// Two places: a target Node's HTTP parser accepted but the console cannot route (checkTarget, answerBadTarget), and a
// request the parser itself refused — a NUL or a space in the target, a request line and headers over Node's 16 KB,
// garbage instead of HTTP (answerUnparsable, the server's `clientError` listener, which otherwise answers a bare 400).
import type http from "node:http";
import type { Duplex } from "node:stream";
import { ApiProblem, PROBLEM_CONTENT_TYPE, problemBody } from "@/lib/api/problem";
import { apiSecurityHeaders } from "@/lib/http/security-headers";
import { formatBytes } from "@/lib/http/body-limits";

/** The longest target handed on: far above any address the console makes, far below Node's 16 KB for all headers. */
export const MAX_TARGET_BYTES = 8 * 1024;

export const TARGET_PROBLEMS = {
  tooLong: `The address is longer than ${formatBytes(MAX_TARGET_BYTES)}, the most this server reads.`,
  notAPath: "The address must be a path that starts with one slash (this server is not a proxy).",
  twoSlashes: "The address starts with two slashes, which names another server; use a path with one.",
  badEscape: "The address has a % that does not start a valid escape (%XX, as UTF-8).",
  control: "The address contains a control character (such as NUL).",
  unparsable: "The request could not be read as HTTP: its request line or headers are malformed.",
  headersTooLarge: "The request line and headers are larger than 16 KB, the most this server reads.",
} as const;

export type TargetCheck = { ok: true; pathname: string } | { ok: false; problem: string };

/** Whether a request target is an origin-form path the console can route, with its pathname as URL parses it. */
export function checkTarget(target: string | undefined): TargetCheck {
  if (target === undefined || target === "") return { ok: false, problem: TARGET_PROBLEMS.notAPath };
  if (Buffer.byteLength(target) > MAX_TARGET_BYTES) return { ok: false, problem: TARGET_PROBLEMS.tooLong };
  // Absolute-form (http://host/…) and asterisk-form (*) are for proxies; only a path is ours.
  if (!target.startsWith("/")) return { ok: false, problem: TARGET_PROBLEMS.notAPath };
  if (target.startsWith("//")) return { ok: false, problem: TARGET_PROBLEMS.twoSlashes };
  const end = target.search(/[?#]/);
  const path = end < 0 ? target : target.slice(0, end);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { ok: false, problem: TARGET_PROBLEMS.badEscape };
  }
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return { ok: false, problem: TARGET_PROBLEMS.control };
  try {
    return { ok: true, pathname: new URL(target, "http://host").pathname };
  } catch {
    return { ok: false, problem: TARGET_PROBLEMS.notAPath };
  }
}

/** Under /api the API's problem shape; elsewhere a person reads it in a browser. */
function badRequest(target: string | undefined, problem: string): { headers: Record<string, string>; body: string } {
  const security = apiSecurityHeaders();
  if (target?.startsWith("/api"))
    return {
      headers: { ...security, "content-type": PROBLEM_CONTENT_TYPE },
      body: problemBody(new ApiProblem(400, "validation_failed", problem)),
    };
  return { headers: { ...security, "content-type": "text/plain; charset=utf-8" }, body: `Bad request. ${problem}\n` };
}

/** Answers a request whose target checkTarget refused: 400, its sentence, the connection closed after it. */
export function answerBadTarget(request: http.IncomingMessage, response: http.ServerResponse, problem: string): void {
  const { headers, body } = badRequest(request.url, problem);
  response.shouldKeepAlive = false;
  response.writeHead(400, { ...headers, "content-length": Buffer.byteLength(body) });
  response.end(body);
  request.resume();
}

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/**
 * The server's `clientError` listener: a request Node's parser refused gets a 400 with a sentence (a request that took
 * too long keeps Node's 408), written only when no answer to an earlier request on the connection has begun — as
 * Node's own listener does — and the connection closed once it is written.
 */
export function answerUnparsable(error: ClientError, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) return void socket.destroy();
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", () =>
      socket.destroy(),
    );
    return;
  }
  // The target as far as it arrived (the chunk the parser failed on): only to choose the answer's shape.
  const target = /^[A-Z]+ (\S+)/.exec(error.rawPacket?.subarray(0, 64).toString("latin1") ?? "")?.[1];
  const problem = error.code === "HPE_HEADER_OVERFLOW" ? TARGET_PROBLEMS.headersTooLarge : TARGET_PROBLEMS.unparsable;
  const { headers, body } = badRequest(target, problem);
  const head = Object.entries({ ...headers, "content-length": String(Buffer.byteLength(body)), connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 400 Bad Request\r\n${head}\r\n${body}`, () => socket.destroy());
}
