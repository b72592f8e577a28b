// Calls /api/v1 route handlers in-process, as Next would (a Request and the path's params), with a bearer key and an
// Idempotency-Key when given, against the test file's own database (test/setup.ts).
import { randomUUID } from "node:crypto";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import type { ApiScope } from "@/lib/api-keys/scopes";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import type { Role } from "@/lib/generated/prisma/enums";

type Handler = (request: Request, segment?: { params?: Promise<unknown> }) => Promise<Response>;

export type Call = {
  key?: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path?: string;
  body?: unknown;
  params?: Record<string, string>;
  idempotencyKey?: string;
};

export async function call(handler: Handler, options: Call = {}): Promise<Response> {
  const headers = new Headers();
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  if (options.idempotencyKey) headers.set("idempotency-key", options.idempotencyKey);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const request = new Request(`http://127.0.0.1/api/v1${options.path ?? "/"}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}

export async function user(role: Role = "OPERATOR"): Promise<string> {
  const created = await db.user.create({
    data: { email: `${randomUUID()}@api.test`, name: `API ${role.toLowerCase()}`, role, passwordHash: "x" },
  });
  return created.id;
}

export async function keyFor(userId: string, scopes: ApiScope[], name: string = randomUUID()): Promise<string> {
  return (await createApiKey(userId, { name, scopes }, userId)).key;
}

/** The default account, as the sandbox account of a fresh start: sender SANDBOX. */
export async function defaultAccount(): Promise<string> {
  const existing = await db.providerAccount.findFirst({ where: { isDefault: true }, select: { id: true } });
  if (existing) return existing.id;
  const sandbox = { name: "Sandbox", baseUrl: "http://127.0.0.1:9/api/v1", defaultSender: "SANDBOX" };
  return account({ ...sandbox, senders: ["SANDBOX"], isDefault: true });
}
