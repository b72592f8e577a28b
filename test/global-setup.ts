// Vitest global setup: one embedded PostgreSQL for the whole run, shared by its projects (see test-cluster.ts).
import type { TestProject } from "vitest/node";
import { startTestCluster } from "./test-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrlTemplate: string;
  }
}

type Cluster = Awaited<ReturnType<typeof startTestCluster>>;
// Each project of vitest.config.ts runs this setup; they share one cluster (started once, stopped by the last).
const shared = globalThis as unknown as { tumaTestCluster?: Promise<Cluster>; tumaTestClusterUsers?: number };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.tumaTestCluster ??= startTestCluster();
  shared.tumaTestClusterUsers = (shared.tumaTestClusterUsers ?? 0) + 1;
  const cluster = await shared.tumaTestCluster;
  // URL with a placeholder for the database name: functions cannot cross into the test workers.
  project.provide("pgServerUrlTemplate", cluster.serverUrl("__DB__"));
  return async () => {
    shared.tumaTestClusterUsers = (shared.tumaTestClusterUsers ?? 1) - 1;
    if (shared.tumaTestClusterUsers === 0) await cluster.stop();
  };
}
