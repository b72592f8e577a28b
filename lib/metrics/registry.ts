// The process's metrics registry (prom-client), served at GET /metrics (lib/metrics/serve-metrics.ts; README.md,
// "Metrics"). One per process, kept on globalThis: the web process loads our modules twice (its own server's bundle
// and Next's), and both must count into the same registry. Every series carries the process's kind and id
// (`process="worker"`, `pid`), so that the web process can add the worker's and importer's own series to its answer
// without mixing them. Node's own figures (event-loop lag, heap, resident memory, …) are collected only when metrics
// are enabled: the event-loop monitor costs a little, and nobody reads it otherwise.
import { collectDefaultMetrics, Registry } from "prom-client";

const shared = globalThis as unknown as { tumaMetrics?: Registry; tumaDefaultMetrics?: boolean };

export function metricsRegistry(): Registry {
  if (!shared.tumaMetrics) {
    shared.tumaMetrics = new Registry();
    shared.tumaMetrics.setDefaultLabels({
      process: process.env.TUMA_PROCESS_KIND || "other",
      pid: String(process.pid),
    });
  }
  return shared.tumaMetrics;
}

/** Node's own figures for this process, from now on (idempotent). */
export function collectProcessMetrics(): void {
  if (shared.tumaDefaultMetrics) return;
  shared.tumaDefaultMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry(), eventLoopMonitoringPrecision: 20 });
}

/** Whether this process serves or hands over metrics: METRICS_TOKEN set (README.md, "Metrics"). */
export function metricsEnabled(): boolean {
  return Boolean(process.env.METRICS_TOKEN);
}
