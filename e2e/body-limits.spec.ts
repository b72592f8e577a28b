// Every request body is held to its path's limit while it streams (lib/http/body-limits.ts, enforced by
// programs/web-server.ts): a body larger than the limit is answered 413 with a sentence and the connection is closed.
// Each body here is 1 GiB, generated as it is written; "without buffering" is shown by bytes, not time: the server
// answered and closed after accepting a small part of it (its limit, a linger of 1 MiB and the sockets' buffers).
import type { Page } from "@playwright/test";
import { BODY_LIMITS, type BodyLimit } from "@/lib/http/body-limits";
import { expect, logIn, test } from "./fixtures";
import { REFUSAL_SLACK, streamBody, type StreamedExchange, type StreamRequest } from "@/test/stream-body";

const GiB = 1024 ** 3;
/** Socket buffers on both sides and the lingering close (test/stream-body.ts). */
const SLACK = REFUSAL_SLACK;
const baseUrl = (): string => process.env.E2E_BASE_URL ?? "http://localhost:3000";

async function send(request: Omit<StreamRequest, "baseUrl" | "bytes">): Promise<StreamedExchange> {
  return streamBody({ baseUrl: baseUrl(), bytes: GiB, ...request });
}

function expectRefused(exchange: StreamedExchange, limit: BodyLimit): void {
  expect(exchange.status).toBe(413);
  expect(JSON.parse(exchange.body)).toEqual({ ok: false, message: limit.message });
  expect(exchange.closedByServer).toBe(true);
  expect(exchange.written).toBeLessThan(limit.bytes + SLACK);
}

async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

test.afterEach(async ({ request }) => {
  // The console still serves after each refusal.
  expect((await request.get("/api/health")).status()).toBe(200);
});

test("/api/health, which reads no body, reads at most the default 64 KiB: a 1 GiB body is refused whether its length is declared or chunked", async () => {
  expectRefused(await send({ path: "/api/health", framing: "content-length" }), BODY_LIMITS.other);
  const chunked = await send({ path: "/api/health", framing: "chunked" });
  expectRefused(chunked, BODY_LIMITS.other);
  // The answer carries the API's security headers and is not to be cached.
  expect(chunked.headers["x-content-type-options"]).toBe("nosniff");
  expect(chunked.headers["cache-control"]).toBe("no-store");
  expect(chunked.headers["connection"]).toBe("close");
});

test("the credentials callback reads at most 16 KiB (anonymous, chunked)", async () => {
  expectRefused(
    await send({
      path: "/api/auth/callback/credentials",
      framing: "chunked",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      prefix: "email=a%40b.test&password=",
    }),
    BODY_LIMITS.auth,
  );
});

test("delivery receipts to a real secret read at most 64 KiB", async ({ db }) => {
  const { rows } = await db.query<{ receiptSecret: string }>(`SELECT "receiptSecret" FROM "ProviderAccount" LIMIT 1`);
  const secret = rows[0]!.receiptSecret;
  for (const framing of ["chunked", "content-length"] as const) {
    expectRefused(
      await send({
        path: `/api/receipts/${secret}`,
        framing,
        headers: { "Content-Type": "application/json" },
        prefix: "[",
        filler: '{"deliveryStatus":"DeliveredToTerminal"},',
      }),
      BODY_LIMITS.receipts,
    );
  }
});

test("a server action reads at most 4 MB: the opt-out form's own action, sent 1 GiB", async ({ page, seedUser }) => {
  await logIn(page, await seedUser("OPERATOR"));
  await page.goto("/opt-outs");
  // The action's id and the headers the browser sends with it, taken from one real call.
  const call = page.waitForRequest((request) => request.headers()["next-action"] !== undefined);
  await page.getByLabel("Number to opt out").fill("0711000001");
  await page.getByRole("button", { name: "Opt out" }).click();
  const action = await call;
  const headers = action.headers();
  expectRefused(
    await send({
      path: "/opt-outs",
      framing: "chunked",
      headers: {
        Cookie: await cookieOf(page),
        "Next-Action": headers["next-action"]!,
        "Content-Type": "text/plain;charset=UTF-8",
        Origin: baseUrl(),
      },
      prefix: '["',
    }),
    BODY_LIMITS.serverAction,
  );
});

// An XLSX as far as its first bytes go (a zip): the import spools a workbook to disk before it reads it, so the
// 100 MB the console accepts before refusing cost a disk write, not a parse that would slow every other test.
const WORKBOOK_START = "PK\u0003\u0004";

test("a list upload reads at most 100 MB, refused at once when declared and at the limit when chunked; nothing is stored", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  const cookie = await cookieOf(page);
  for (const framing of ["content-length", "chunked"] as const) {
    expectRefused(
      await send({
        path: "/api/lists?filename=huge.xlsx",
        framing,
        headers: { Cookie: cookie, "Content-Type": "application/octet-stream" },
        prefix: WORKBOOK_START,
      }),
      BODY_LIMITS.upload,
    );
  }
  // The import that had begun is undone when the connection closes.
  await expect
    .poll(async () => (await db.query(`SELECT id FROM "List" WHERE "authorId" = $1`, [operator.id])).rowCount)
    .toBe(0);
});

test("an opt-out upload reads at most 100 MB (it is not cut at the proxy's 10 MB copy); nothing is stored", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  expectRefused(
    await send({
      path: "/api/opt-outs/upload?filename=huge.xlsx",
      framing: "chunked",
      headers: { Cookie: await cookieOf(page), "Content-Type": "application/octet-stream" },
      prefix: WORKBOOK_START,
    }),
    BODY_LIMITS.upload,
  );
  await expect
    .poll(async () => (await db.query(`SELECT id FROM "List" WHERE "authorId" = $1`, [operator.id])).rowCount)
    .toBe(0);
});
