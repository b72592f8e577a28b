// A request body read straight from Node's IncomingMessage, for the one handler the web server answers itself
// (lib/receipts/receipt-callback.ts): null as soon as the body passes `limit` bytes, and nothing more is kept.
import type http from "node:http";

/**
 * The body as UTF-8 text (invalid sequences replaced, as the route handler's reader does), or null when it passes
 * `limit` bytes. A connection that ends before the body does (a client gone, or the web server's own guard cutting an
 * oversized body off: lib/web-server/limit-request-body.ts) rejects.
 */
export function readNodeBody(request: http.IncomingMessage, limit: number): Promise<string | null> {
  const declared = Number(request.headers["content-length"] ?? "0");
  if (declared > limit) return Promise.resolve(null);
  // Gone while the caller was busy (the secret's lookup): its close has been emitted already and will not come again.
  if (request.destroyed) return Promise.reject(new Error("the connection closed before the body was read"));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: () => void): void => {
      request.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      outcome();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        // Not read further: the answer says so and the connection is closed behind it.
        request.pause();
        finish(() => resolve(null));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish(() => resolve(Buffer.concat(chunks, size).toString("utf8")));
    const onError = (error: Error): void => finish(() => reject(error));
    const onClose = (): void => finish(() => reject(new Error("the connection closed before the body ended")));
    request.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}
