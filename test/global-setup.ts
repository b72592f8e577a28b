// Vitest global setup: one embedded PostgreSQL for the whole run (see test-cluster.ts).
import type { TestProject } from "vitest/node";
import { startTestCluster } from "./test-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrlTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startTestCluster();
  // URL with a placeholder for the database name: functions cannot cross into the test workers.
  project.provide("pgServerUrlTemplate", cluster.serverUrl("__DB__"));
  return cluster.stop;
}
