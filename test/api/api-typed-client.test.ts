// What an integrator does first: generate TypeScript types from the served /api/v1/openapi.json with
// openapi-typescript, write a client against them with openapi-fetch, and compile it. The client below uses every
// resource's fields as the types give them, with no cast and no hand-written type: tsc (strict) must find nothing.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, expect, test } from "vitest";
import { GET as openApi } from "@/app/api/v1/openapi.json/route";

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-typed-client-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Written as an integrator would, against the generated `paths` and `components` only. */
const CLIENT = `
import createClient from "openapi-fetch";
import type { components, paths } from "./tuma-api";

type Problem = components["schemas"]["Problem"];
const client = createClient<paths>({ baseUrl: "http://127.0.0.1:3000/api/v1", headers: { authorization: "Bearer k" } });

export function describeProblem(problem: Problem): string {
  const paths: string[] = (problem.errors ?? []).map((error) => error.path + " " + error.code);
  switch (problem.code) {
    case "validation_failed":
      return "fix " + paths.join(", ") + (problem.errorsOmitted ? " and " + problem.errorsOmitted + " more" : "");
    case "rate_limited":
    case "busy":
      return "retry";
    default:
      return problem.detail;
  }
}

export async function sendAndFollow(): Promise<string[]> {
  const created = await client.POST("/batches", {
    body: {
      templateText: "Hello {{name}}, see you at {{time}}.",
      recipients: [{ phone: "254712345678", fields: { name: "Amina", time: "9:00" } }, "0712345679"],
      fieldDefaults: { name: "friend", time: "noon" },
      scheduledAt: "2026-12-01T09:00:00+03:00",
    },
    headers: { "Idempotency-Key": "4f1c" },
  });
  if (created.error) return [describeProblem(created.error)];
  const id: string = created.data.id;
  const stored: number = created.data.recipients - created.data.duplicates;

  const batch = await client.GET("/batches/{id}", { params: { path: { id } } });
  if (batch.error) return [describeProblem(batch.error)];
  const finished: boolean = batch.data.phase === "finished";
  const delivered: number = batch.data.counts.delivered + batch.data.counts.answered;
  const startsAt: string | null = batch.data.plan.startsAt;
  const seconds: number = batch.data.plan.left.seconds;

  const texts: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await client.GET("/batches/{id}/messages", {
      params: { path: { id }, query: { limit: 1000, cursor, filter: "DELIVERED" } },
    });
    if (page.error) return [describeProblem(page.error)];
    for (const message of page.data.data) {
      const state: "PENDING" | "QUEUED" | "DELIVERED" | "ANSWERED" | "FAILED" | "REJECTED" | "UNKNOWN" | "CANCELLED" | "SUPPRESSED" = message.state;
      texts.push(message.id + " " + message.phone + " " + message.text + " " + state + " " + (message.receiptAt ?? ""));
    }
    if (!page.data.has_more || page.data.next_cursor === null) break;
    cursor = page.data.next_cursor;
  }

  const one = await client.GET("/messages/{id}", { params: { path: { id: "4294967297" } } });
  const statuses: string[] = one.data ? one.data.receipts.map((receipt) => receipt.deliveryStatus) : [];

  const batches = await client.GET("/batches", {
    params: { query: { state: "COMPLETED", kind: "SMS", createdFrom: "2026-11-01T00:00:00Z", limit: 50 } },
  });
  const names: string[] = batches.data ? batches.data.data.map((b) => b.name + " " + b.state) : [];

  const paused = await client.POST("/batches/{id}/pause", { params: { path: { id } } });
  const pausedState: string | undefined = paused.data?.state;

  const list = await client.GET("/lists/{id}", { params: { path: { id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d" } } });
  const valid: number = list.data ? list.data.counts.valid : 0;
  await client.DELETE("/lists/{id}", { params: { path: { id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d" } } });

  const sent = await client.POST("/messages", { body: { to: "0712345678", templateText: "Your code is 4711." } });
  const messageId: string | undefined = sent.data?.messageId;

  const hooks = await client.GET("/webhooks");
  const urls: string[] = hooks.data ? hooks.data.data.map((endpoint) => endpoint.url + " " + endpoint.events.join(",")) : [];
  const log = await client.GET("/webhooks/{id}/deliveries", { params: { path: { id: "x" }, query: { limit: 100 } } });
  const attempts: number[] = log.data ? log.data.data.map((delivery) => delivery.attempts) : [];

  type DeliveredEvent = components["schemas"]["Event_MessageDelivered"];
  const onEvent = (event: DeliveredEvent): string => event.data.messageId + " " + event.data.state + " " + event.timestamp;

  return [
    String(stored), String(finished), String(delivered), startsAt ?? "", String(seconds), ...texts, ...statuses,
    ...names, pausedState ?? "", String(valid), messageId ?? "", ...urls, ...attempts.map(String), onEvent.name,
  ];
}
`;

test("types generated from the served document compile a client with no cast", async () => {
  const document = (await openApi().json()) as Parameters<typeof openapiTS>[0];
  fs.writeFileSync(path.join(dir, "tuma-api.d.ts"), astToString(await openapiTS(document)));
  fs.writeFileSync(path.join(dir, "client.ts"), CLIENT);
  expect(CLIENT).not.toMatch(/\bas\b|<any>|: any\b/);
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2022", "DOM"],
        skipLibCheck: true,
        paths: { "openapi-fetch": [path.join(process.cwd(), "node_modules/openapi-fetch")] },
      },
      files: ["client.ts"],
    }),
  );
  const tsc = path.join(process.cwd(), "node_modules/typescript/bin/tsc");
  const result = await run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")]).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(result).toBe("");
});
