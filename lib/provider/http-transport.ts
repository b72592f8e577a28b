/**
 * One JSON POST over node:http(s), reporting precisely how far it got. The provider has no idempotency key,
 * so the dispatcher must know whether a failed request could have been acted on: an error before the socket
 * connected means nothing was written (`not_sent`); anything after means it may have been (`outcome_unknown`).
 * Only to an address the provider rule allows (lib/provider/base-url.ts), checked on the URL and again on what its
 * name resolves to; an answer is read up to MAX_RESPONSE_BYTES (the provider's answers are a few KB).
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import { baseUrlProblem, resolvedAddressProblem } from "./base-url";
import { ProviderError } from "./failure";

/** The most of an answer that is read: 100 results of a batch are ≈ 30 KB. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

/** A connection refused by the address rule before anything was written. */
class RefusedAddress extends Error {}

type LookupAddress = { address: string; family: number };
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

/**
 * A resolver for `protocol` that refuses a name resolving to an address the provider rule forbids (a link-local or
 * metadata address; anything but loopback for plain http), so a name cannot lead where an address could not.
 */
export function guardedLookup(protocol: string, lookup: Lookup = dns.lookup as unknown as Lookup): net.LookupFunction {
  const guarded: Lookup = (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const resolved = Array.isArray(address) ? address : [{ address, family: family ?? 4 }];
      for (const entry of resolved) {
        const problem = resolvedAddressProblem(protocol, entry.address, hostname);
        if (problem)
          return callback(new RefusedAddress(`${hostname} resolves to ${entry.address}. ${problem}`), address);
      }
      callback(null, address, family);
    });
  return guarded as unknown as net.LookupFunction;
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TransportOptions {
  /** Deadline from the write: the provider's wait and the answer read (connecting has its own, below). */
  timeoutMs: number;
  /** Deadline for establishing the connection alone; a request that never connected was never sent. */
  connectTimeoutMs: number;
  /** Agents keep connections alive between requests; share them across clients of one process. */
  agents: { http: http.Agent; https: https.Agent };
  /**
   * Awaited once the connection is ready (kept alive, or just connected and, over TLS, past its handshake), right
   * before the request is written: the rate limiter's turn. Taken before connecting, a new connection's handshake
   * would write the request that much after its slot, onto the next ones at the provider (docs/design.md §1).
   */
  beforeWrite?: () => Promise<void>;
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
  const refused = baseUrlProblem(url.href);
  if (refused) return Promise.reject(new ProviderError({ kind: "invalid_request", message: refused }));
  return new Promise<HttpResponse>((resolve, reject) => {
    // True once the request is written on a connected socket: from then on the provider may have received it.
    let written = false;
    // True once the socket is connected (and past TLS): the connect deadline no longer applies.
    let connected = false;
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
      lookup: guardedLookup(url.protocol),
    });

    const connectDeadline = setTimeout(() => {
      if (connected) return;
      finish(
        new ProviderError({
          kind: "not_sent",
          reason: "connect_timeout",
          message: `No connection to the provider within ${options.connectTimeoutMs} ms.`,
        }),
      );
      req.destroy();
    }, options.connectTimeoutMs);

    let deadline: NodeJS.Timeout | undefined;
    // The whole-request deadline counts from the write: the wait for the rate limiter's turn is not the provider's.
    const startDeadline = () =>
      (deadline = setTimeout(() => {
        finish(
          new ProviderError(
            written
              ? { kind: "outcome_unknown", reason: "timeout", message: `No response within ${options.timeoutMs} ms.` }
              : {
                  kind: "not_sent",
                  reason: "connect_timeout",
                  message: `No connection within ${options.timeoutMs} ms.`,
                },
          ),
        );
        req.destroy();
      }, options.timeoutMs));

    const write = async (): Promise<void> => {
      connected = true;
      try {
        await options.beforeWrite?.();
      } catch (error) {
        // Nothing was written: the caller sees the limiter's own failure, as it did before connecting.
        if (!settled) {
          settled = true;
          clearTimeout(connectDeadline);
          reject(error);
        }
        req.destroy();
        return;
      }
      if (settled) return;
      written = true;
      startDeadline();
      req.end(payload);
    };

    req.on("socket", (socket) => {
      // A kept-alive socket is already connected; a new one connects (or fails) later. Over TLS nothing of the
      // request can be written until the handshake is done.
      const connecting = (socket as { connecting?: boolean }).connecting === true;
      if (!connecting) void write();
      else socket.once(isHttps ? "secureConnect" : "connect", () => void write());
    });

    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error instanceof RefusedAddress)
        return finish(new ProviderError({ kind: "invalid_request", message: error.message }));
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
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size <= MAX_RESPONSE_BYTES) return void chunks.push(chunk);
        // Written and answered, but with nothing we can read: whether it was queued is unknown.
        finish(
          new ProviderError({
            kind: "outcome_unknown",
            reason: "invalid_response",
            message: `The provider's answer was larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB; it was not read.`,
          }),
        );
        req.destroy();
      });
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
  });
}
