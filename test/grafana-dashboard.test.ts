// The Grafana dashboard in the repository (deploy/grafana/tuma.json) is dashboard JSON Grafana can import — a title,
// a schema version, a Prometheus data-source variable, panels with unique ids, places on the grid and queries — with
// the panels an operator watches, named, and every series its queries read is one Tuma's processes export (their
// registry, lib/metrics/registry.ts), so that a renamed metric cannot leave a panel silently empty.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, test } from "vitest";
import { registerDatabaseGauges } from "@/lib/web-server/database-gauges";
import { dispatchMetrics } from "@/lib/metrics/dispatch-metrics";
import { watchPool } from "@/lib/metrics/pool-metrics";
import { collectProcessMetrics, metricsRegistry } from "@/lib/metrics/registry";

type Panel = {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets: { refId: string; expr: string; datasource: { type: string; uid: string } }[];
};

const dashboard = JSON.parse(fs.readFileSync(path.join(process.cwd(), "deploy", "grafana", "tuma.json"), "utf8")) as {
  title: string;
  uid: string;
  schemaVersion: number;
  templating: { list: { name: string; type: string; query: string }[] };
  panels: Panel[];
};

test("the dashboard is importable dashboard JSON with the operator's panels named", () => {
  expect(dashboard.title).toBe("Tuma");
  expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
  expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
  expect(dashboard.templating.list).toContainEqual(
    expect.objectContaining({ name: "datasource", type: "datasource", query: "prometheus" }),
  );
  expect(dashboard.panels.map((panel) => panel.title)).toEqual([
    "Messages sent per second, by state",
    "Provider answers per second, by status",
    "Request rate against the limit",
    "Chunks pending",
    "Receipts applied per second",
    "Receipt lag",
    "Webhook backlog and failures",
    "Database pool use and waits",
    "Event-loop lag per process",
    "Memory per process",
  ]);
  expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
  for (const panel of dashboard.panels) {
    expect(["timeseries", "stat", "gauge"]).toContain(panel.type);
    const { x, y, w, h } = panel.gridPos;
    expect(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= 24, panel.title).toBe(true);
    expect(panel.targets.length, panel.title).toBeGreaterThan(0);
    for (const target of panel.targets) {
      expect(target.datasource).toEqual({ type: "prometheus", uid: "${datasource}" });
      expect(target.expr.length).toBeGreaterThan(0);
    }
  }
});

test("every series the dashboard's queries read is one the processes export", async () => {
  dispatchMetrics();
  registerDatabaseGauges();
  watchPool("bulk", new pg.Pool({ max: 1 })); // not connected: only its gauges' names are read
  collectProcessMetrics();
  const exported = new Set((await metricsRegistry().getMetricsAsJSON()).map((metric) => metric.name));
  const read = dashboard.panels.flatMap((panel) =>
    panel.targets.flatMap((target) => [...target.expr.matchAll(/\b(?:tuma|nodejs|process)_\w+/g)].map((m) => m[0])),
  );
  expect(read.length).toBeGreaterThan(10);
  expect(read.filter((name) => !exported.has(name))).toEqual([]);
});
