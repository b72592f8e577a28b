/**
 * A local receiver of webhooks for tests, benchmarks and the e2e spec: keeps every request's raw body and headers
 * (to verify signatures exactly as sent), and answers as told — a status, a body (of any size), or a redirect.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type WebhookPost = { path: string; headers: Record<string, string>; body: string };
export type SinkAnswer = { status: number; body?: string | Buffer; headers?: Record<string, string> };

export type WebhookSink = {
  url: string;
  /** host:port, for WEBHOOK_ALLOW_HOSTS or the allowed-hosts setting. */
  hostPort: string;
  posts: WebhookPost[];
  /** Only counts the posts (for 100,000 deliveries): bodies and headers are then not kept. */
  count: () => number;
  answerWith: (answer: SinkAnswer) => void;
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

export async function startWebhookSink(options: { keep?: boolean; port?: number } = {}): Promise<WebhookSink> {
  const keep = options.keep ?? true;
  const posts: WebhookPost[] = [];
  let received = 0;
  let answer: SinkAnswer = { status: 204 };
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      if (keep) chunks.push(chunk);
    });
    req.on("end", () => {
      received++;
      if (keep)
        posts.push({
          path: req.url ?? "/",
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks).toString("utf8"),
        });
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      for (const waiter of waiters.filter((w) => received >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    hostPort: `127.0.0.1:${port}`,
    posts,
    count: () => received,
    answerWith: (next) => {
      answer = next;
    },
    waitFor: (count, timeoutMs = 60_000) =>
      received >= count
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`The sink had ${received} of ${count} posts after ${timeoutMs} ms.`)),
              timeoutMs,
            );
            waiters.push({
              count,
              resolve: () => {
                clearTimeout(timer);
                resolve();
              },
            });
          }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
