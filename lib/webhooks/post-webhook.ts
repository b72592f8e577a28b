// One webhook POST: to the address address-policy.ts checked (the request's lookup answers with it, so no second DNS
// answer is used), within a time limit, redirects not followed (a 3xx is a failed attempt), and at most EXCERPT_BYTES
// of the answer read: a receiver that answers with gigabytes costs us one kilobyte. What is kept of the answer and of
// the error is made storable (lib/db/storable-text.ts): a receiver's binary answer is recorded, never refused.
import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { storableText } from "@/lib/db/storable-text";
import type { Target } from "./address-policy";

export const EXCERPT_BYTES = 1024;
/** An error's message is kept to this many characters (a TLS error can quote the receiver's certificate). */
const ERROR_CHARS = 1000;

export type PostOutcome = {
  status: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
};

// Connections are reused per host (keep-alive); a reused connection goes to an address that was checked.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

export function postWebhook(
  target: Target,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const secure = target.url.protocol === "https:";
  return new Promise((resolve) => {
    let settled = false;
    const finish = ({ status, excerpt, error }: Omit<PostOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        status,
        latencyMs: elapsed(),
        excerpt: excerpt === null ? null : storableText(excerpt),
        error: error === null ? null : storableText(error.slice(0, ERROR_CHARS)),
      });
    };
    const request = (secure ? https : http).request(target.url, {
      method: "POST",
      agent: secure ? agents.https : agents.http,
      lookup: pinned,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "Tuma-Webhooks/1",
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, excerpt: null, error: `No answer within ${timeoutMs / 1000} s.` });
    }, timeoutMs);
    request.on("error", (error) =>
      finish({ status: null, excerpt: null, error: error.message || "Connection failed." }),
    );
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8");
        finish({ status: response.statusCode ?? null, excerpt, error: null });
      };
      response.on("data", (chunk: Buffer) => {
        if (size >= EXCERPT_BYTES) return;
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest is not wanted, and the connection is not worth draining for it.
        if (size >= EXCERPT_BYTES) {
          done();
          response.destroy();
        }
      });
      response.on("end", done);
      response.on("error", done);
      response.on("close", done);
    });
    request.end(body);
  });
}
