// GET /metrics, in Prometheus's text format (README.md, "Metrics"). Off unless METRICS_TOKEN is set, and then only for
// a scraper that sends it as a bearer token (compared in constant time). The web process answers at /metrics on its
// own port with its own series, the database's figures (database-gauges.ts) and, under `npm start`, the worker's and
// the importer's series, which it asks each for on loopback (METRICS_PEERS, set by programs/start.ts) and adds, each
// labelled with its process. A worker or importer run on its own (a container, `npm run worker`) answers on
// METRICS_PORT itself (metricsServer below).
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { collectProcessMetrics, metricsEnabled, metricsRegistry } from "./registry";

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** Whether the request carries METRICS_TOKEN as its bearer token. */
export function authorizedScrape(request: http.IncomingMessage): boolean {
  const token = process.env.METRICS_TOKEN;
  const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (!token || !sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The peers' series, as JSON; a peer that does not answer in time is left out (its `up` says so). */
async function peerMetrics(): Promise<MetricsJson[]> {
  const peers = (process.env.METRICS_PEERS ?? "").split(",").filter(Boolean);
  const answers = await Promise.all(
    peers.map((peer) =>
      fetch(`${peer}/metrics.json`, {
        headers: { authorization: `Bearer ${process.env.METRICS_TOKEN ?? ""}` },
        signal: AbortSignal.timeout(2_000),
      })
        .then((response) => (response.ok ? (response.json() as Promise<MetricsJson>) : null))
        .catch(() => null),
    ),
  );
  return answers.filter((answer): answer is MetricsJson => answer !== null);
}

/**
 * Answers a request for /metrics on the web server: 404 while metrics are off (as for any unknown path), 401 without
 * the token, else the text. Returns false when the request is not for /metrics.
 */
export function answerMetrics(request: http.IncomingMessage, response: http.ServerResponse, pathname: string): boolean {
  if (pathname !== "/metrics" || !metricsEnabled()) return false;
  void (async () => {
    request.resume();
    if (!authorizedScrape(request)) return refuse(response);
    const own = await metricsRegistry().getMetricsAsJSON();
    const all = [own as MetricsJson, ...(await peerMetrics())];
    const merged = AggregatorRegistry.aggregate(all);
    response.writeHead(200, { "content-type": merged.contentType, "cache-control": "no-store" });
    response.end(await merged.metrics());
  })().catch((error: unknown) => {
    if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
    response.end(`The metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`);
  });
  return true;
}

function refuse(response: http.ServerResponse): void {
  response.writeHead(401, { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' });
  response.end("Send METRICS_TOKEN as a bearer token (Authorization: Bearer …).\n");
}

/**
 * A worker's or importer's own metrics server: on METRICS_PORT (METRICS_HOST, loopback unless told otherwise), when
 * METRICS_TOKEN is set; /metrics in text, /metrics.json for the web process to add. Nothing when either is unset.
 */
export async function metricsServer(): Promise<{ close: () => Promise<void> } | null> {
  const port = Number(process.env.METRICS_PORT ?? "");
  if (!metricsEnabled() || !Number.isInteger(port) || port <= 0) return null;
  collectProcessMetrics();
  const server = http.createServer((request, response) => {
    request.resume();
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" || (path !== "/metrics" && path !== "/metrics.json")) {
      response.writeHead(404).end();
      return;
    }
    if (!authorizedScrape(request)) return refuse(response);
    const registry = metricsRegistry();
    const body = path === "/metrics" ? registry.metrics() : registry.getMetricsAsJSON().then(JSON.stringify);
    body.then(
      (text) => {
        response.writeHead(200, {
          "content-type": path === "/metrics" ? registry.contentType : "application/json",
        });
        response.end(text);
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, process.env.METRICS_HOST || "127.0.0.1", () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
