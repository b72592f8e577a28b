// The OpenAPI document against the code: every method of every route file under app/api/v1 is in it (a new route
// that is not fails here), every operation with a body carries an example, and the document validates as OpenAPI 3.1
// (@apidevtools/swagger-parser). That the examples work is programs/api-examples.test.ts's, against `npm start`.
import fs from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { expect, test } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import { API_ROUTE_METHODS } from "@/lib/api/route-methods";

const ROOT = path.join(process.cwd(), "app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** app/api/v1/batches/[id]/pause/route.ts → /batches/{id}/pause */
const documentPath = (file: string) =>
  `/${path.relative(ROOT, path.dirname(file)).split(path.sep).join("/")}`
    .replace(/\[(\w+)\]/g, "{$1}")
    .replace(/\/$/, "") || "/";

test("every method of every route file under app/api/v1 is in the document", async () => {
  const paths = openApiDocument().paths ?? {};
  const files = routeFiles(ROOT);
  expect(files.length).toBeGreaterThanOrEqual(12);
  const missing: string[] = [];
  for (const file of files) {
    const routeModule = (await import(file)) as Record<string, unknown>;
    const methods = METHODS.filter((method) => typeof routeModule[method] === "function");
    expect(methods.length, file).toBeGreaterThan(0);
    for (const method of methods) {
      const item = paths[documentPath(file)] as Record<string, unknown> | undefined;
      if (!item?.[method.toLowerCase()]) missing.push(`${method} ${documentPath(file)}`);
    }
  }
  expect(missing).toEqual([]);
});

test("every operation with a body carries an example", () => {
  const without: string[] = [];
  for (const [where, item] of Object.entries(openApiDocument().paths ?? {}))
    for (const [method, operation] of Object.entries(item as Record<string, { requestBody?: { content: object } }>)) {
      const content = operation.requestBody?.content as Record<string, { example?: unknown }> | undefined;
      if (content && !Object.values(content).some((media) => media.example !== undefined))
        without.push(`${method} ${where}`);
    }
  expect(without).toEqual([]);
});

test("the document is valid OpenAPI 3.1", async () => {
  const document = structuredClone(openApiDocument());
  expect(document.openapi).toBe("3.1.0");
  await expect(SwaggerParser.validate(document as never)).resolves.toBeTruthy();
});

test("the web server's table of routes and methods (lib/api/route-methods.ts) is exactly the route files'", async () => {
  const fromFiles: Record<string, string[]> = {};
  for (const file of routeFiles(ROOT)) {
    const routeModule = (await import(file)) as Record<string, unknown>;
    fromFiles[documentPath(file)] = METHODS.filter((method) => typeof routeModule[method] === "function");
  }
  const table = Object.fromEntries(Object.entries(API_ROUTE_METHODS).map(([route, methods]) => [route, [...methods]]));
  expect(table).toEqual(fromFiles);
});
