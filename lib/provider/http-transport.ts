/**
 * One JSON POST over node:http(s), reporting precisely how far it got. The provider has no idempotency key,
 * so the dispatcher must know whether a failed request could have been acted on: an error before the socket
 * connected means nothing was written (`not_sent`); anything after means it may have been (`outcome_unknown`).
 */
import http from "node:http";
import https from "node:https";
import { ProviderError } from "./failure";

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TransportOptions {
  /** Whole-request deadline: connect, write, wait, read. */
  timeoutMs: number;
  /** Deadline for establishing the connection alone; a request that never connected was never sent. */
  connectTimeoutMs: number;
  /** Agents keep connections alive between requests; share them across clients of one process. */
  agents: { http: http.Agent; https: https.Agent };
}

/**
 * Keep-alive agents with sockets enough for the dispatcher's concurrency (≈ 120 req/s × latency) plus headroom.
 * Idle sockets are closed after 4 s, before a typical server's 5 s keep-alive: a request written onto a socket
 * the server is closing at that moment fails in a way that is indistinguishable from a lost answer.
 */
export function createAgents(maxSockets = 64): { http: http.Agent; https: https.Agent } {
  const options = {
    keepAlive: true,
    maxSockets,
    maxFreeSockets: maxSockets,
    scheduling: "lifo" as const,
    timeout: 4_000,
  };
  return { http: new http.Agent(options), https: new https.Agent(options) };
}

export function postJson(
  url: URL,
  headers: Record<string, string>,
  payload: string,
  options: TransportOptions,
): Promise<HttpResponse> {
  const isHttps = url.protocol === "https:";
  const request = isHttps ? https.request : http.request;
  return new Promise<HttpResponse>((resolve, reject) => {
    // True once a connected socket carries this request: from then on the provider may have received it.
    let written = false;
    let settled = false;
    const finish = (error: ProviderError | null, response?: HttpResponse): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(connectDeadline);
      if (error) reject(error);
      else if (response) resolve(response);
    };

    const req = request(url, {
      method: "POST",
      agent: isHttps ? options.agents.https : options.agents.http,
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(payload)) },
    });

    const connectDeadline = setTimeout(() => {
      if (written) return;
      finish(
        new ProviderError({
          kind: "not_sent",
          reason: "connect_timeout",
          message: `No connection to the provider within ${options.connectTimeoutMs} ms.`,
        }),
      );
      req.destroy();
    }, options.connectTimeoutMs);

    const deadline = setTimeout(() => {
      finish(
        new ProviderError(
          written
            ? { kind: "outcome_unknown", reason: "timeout", message: `No response within ${options.timeoutMs} ms.` }
            : { kind: "not_sent", reason: "connect_timeout", message: `No connection within ${options.timeoutMs} ms.` },
        ),
      );
      req.destroy();
    }, options.timeoutMs);

    req.on("socket", (socket) => {
      // A kept-alive socket is already connected; a new one connects (or fails) later.
      const connecting = (socket as { connecting?: boolean }).connecting === true;
      // Over TLS nothing of the request is written until the handshake is done.
      if (!connecting) written = true;
      else socket.once(isHttps ? "secureConnect" : "connect", () => (written = true));
    });

    req.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? "UNKNOWN";
      finish(
        new ProviderError(
          written
            ? {
                kind: "outcome_unknown",
                reason: "connection_lost",
                message: `The connection was lost after the request was sent (${code}).`,
              }
            : {
                kind: "not_sent",
                reason: "connection_failed",
                message: `Could not connect to the provider (${code}).`,
                code,
              },
          { cause: error },
        ),
      );
    });

    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        finish(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("aborted", () =>
        finish(
          new ProviderError({
            kind: "outcome_unknown",
            reason: "connection_lost",
            message: "The connection was lost while reading the response.",
          }),
        ),
      );
      res.on("error", (error) =>
        finish(
          new ProviderError(
            { kind: "outcome_unknown", reason: "connection_lost", message: "The response could not be read." },
            { cause: error },
          ),
        ),
      );
    });

    req.end(payload);
  });
}
