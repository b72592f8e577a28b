/**
 * A local HTTP endpoint that collects delivery receipts, for tests and benchmarks that need somewhere for the
 * sandbox to post to without running the console. Answers every POST with `status` (default 200).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface CollectedPost {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  at: number;
}

export interface ReceiptSink {
  /** Address to give as `endpoint`. */
  url: string;
  posts: CollectedPost[];
  /** Every receipt object received (array bodies flattened); the live array, do not modify. */
  receipts(): unknown[];
  /** Status to answer from now on (e.g. 500 to exercise the sandbox's retries). */
  respondWith(status: number): void;
  /** Resolves once at least `count` receipts have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<unknown[]>;
  close(): Promise<void>;
}

export async function startReceiptSink(path = "/receipts"): Promise<ReceiptSink> {
  const posts: CollectedPost[] = [];
  // Kept flat as posts arrive: benchmarks push tens of thousands of receipts through here.
  const flat: unknown[] = [];
  let status = 200;
  let waiters: Array<() => void> = [];
  const receipts = (): unknown[] => flat;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
      } catch {
        body = Buffer.concat(chunks).toString("utf8");
      }
      if (status >= 200 && status < 300) {
        posts.push({ path: req.url ?? "", headers: req.headers, body, at: Date.now() });
        if (Array.isArray(body)) for (const item of body as unknown[]) flat.push(item);
        else flat.push(body);
      }
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ status: status < 300 }));
      const pending = waiters;
      waiters = [];
      pending.forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}${path}`,
    posts,
    receipts,
    respondWith(next) {
      status = next;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`Expected ${count} receipts, got ${flat.length} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = (): void => {
          if (flat.length >= count) {
            clearTimeout(deadline);
            resolve(receipts());
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
