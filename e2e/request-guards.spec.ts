// The smaller guards on API requests: a write from another site is refused, answers with numbers or message text are
// never cached, the planner takes the message in a POST body, the client address is the console's to decide, and a
// malformed request line is answered 400 by the web server itself.
import net from "node:net";
import { FOREIGN_ORIGIN } from "@/lib/http/same-origin";
import { expect, logIn, test } from "./fixtures";

const CSV = "phone,name\n0711222001,Amina\n0711222002,Baraka\n";

test("uploads and the opt-out upload refuse a POST from another site's page (403, nothing stored); their own pages' POSTs work", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  const origin = new URL(page.url()).origin;
  for (const path of ["/api/lists?filename=forged.csv", "/api/opt-outs/upload?filename=forged.csv"]) {
    const forgeries: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin, "sec-fetch-site": "cross-site" },
    ];
    for (const headers of forgeries) {
      const forged = await page.request.post(path, { headers: { ...headers, "content-type": "text/csv" }, data: CSV });
      expect(forged.status(), path).toBe(403);
      expect(await forged.json()).toEqual({ ok: false, message: FOREIGN_ORIGIN });
    }
  }
  expect((await db.query(`SELECT 1 FROM "List" WHERE "authorId" = $1`, [operator.id])).rowCount).toBe(0);
  expect((await db.query(`SELECT 1 FROM "OptOut" WHERE phone IN ('254711222001', '254711222002')`)).rowCount).toBe(0);

  const own = await page.request.post("/api/lists?filename=own.csv", {
    headers: { origin, "sec-fetch-site": "same-origin", "content-type": "text/csv" },
    data: CSV,
  });
  expect(own.status()).toBe(201);
});

test("API answers carrying numbers or message text are not to be stored by any cache", async ({
  page,
  seedUser,
  request,
}) => {
  await logIn(page, await seedUser("ADMIN"));
  const uploaded = await page.request.post("/api/lists?filename=cached.csv", {
    headers: { "content-type": "text/csv" },
    data: CSV,
  });
  const { list } = (await uploaded.json()) as { list: { id: string } };
  for (const response of [
    uploaded,
    await page.request.get("/api/batches/00000000-0000-0000-0000-000000000000"),
    await page.request.get(`/api/lists/${list.id}/report?group=duplicates`),
    await page.request.get("/api/audit/export"),
    await request.get("/api/batches/00000000-0000-0000-0000-000000000000"), // the 401 too
    await request.get("/api/receipts/not-a-secret"),
    await request.post("/api/receipts/not-a-secret", { data: {} }),
  ]) {
    expect(response.headers()["cache-control"], response.url()).toBe("no-store");
  }
});

test("the compose planner takes the message in a POST body, never in the URL", async ({ page, seedUser, db }) => {
  await logIn(page, await seedUser("OPERATOR"));
  const uploaded = await page.request.post("/api/lists?filename=plan.csv", {
    headers: { "content-type": "text/csv" },
    data: CSV,
  });
  const { list } = (await uploaded.json()) as { list: { id: string } };
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM "ProviderAccount" LIMIT 1`);
  const input = { listId: list.id, accountId: rows[0]!.id, kind: "SMS", templateText: "Habari {{name}}" };

  const planned = await page.request.post("/api/compose/plan", { data: input });
  expect(planned.status()).toBe(200);
  expect(planned.headers()["cache-control"]).toBe("no-store");
  const plan = (await planned.json()) as { recipients: number; previews: { text: string }[] };
  expect(plan.recipients).toBe(2);
  expect(plan.previews.map((preview) => preview.text)).toEqual(["Habari Amina", "Habari Baraka"]);

  expect((await page.request.get(`/api/compose/plan?${new URLSearchParams(input)}`)).status()).toBe(405);
  const notJson = await page.request.post("/api/compose/plan", { data: "templateText=x" });
  expect(notJson.status()).toBe(400);
  expect(await notJson.json()).toEqual({ ok: false, message: "The request body is not JSON." });
});

test("a client cannot choose the address its log-ins are counted under by sending the console's internal header", async ({
  browser,
  seedUser,
  db,
}) => {
  const user = await seedUser("OPERATOR");
  // The e2e console trusts X-Forwarded-For from loopback only (scripts/test.ts), as it would a proxy on this machine.
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "198.51.100.77", "x-tuma-client-address": "203.0.113.250" },
  });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong email or password.");
  const { rows } = await db.query<{ key: string }>(`SELECT key FROM "LoginThrottle" WHERE key LIKE $1`, [
    `email:${user.email}|%`,
  ]);
  expect(rows.map((row) => row.key)).toEqual([`email:${user.email}|client:198.51.100.77`]);
  await context.close();
});

test("over plain http the console sends no HSTS header (it would pin browsers to an https it does not have)", async ({
  request,
}) => {
  for (const path of ["/login", "/api/receipts/not-a-secret", "/api/health"])
    expect((await request.get(path)).headers()["strict-transport-security"], path).toBeUndefined();
});

/** Raw bytes to the console's own server; resolves with what came back once the server closed the connection. */
function rawRequest(head: string): Promise<string> {
  const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.write(head);
  });
}

test("malformed request lines get 400 and a sentence from the web server itself, and the connection is closed", async () => {
  const answers = await Promise.all([
    rawRequest("GET // HTTP/1.1\r\nHost: x\r\n\r\n"),
    rawRequest("GET /% HTTP/1.1\r\nHost: x\r\n\r\n"),
    rawRequest("GET /api/v1/batches/%zz HTTP/1.1\r\nHost: x\r\n\r\n"),
    rawRequest("GET http://elsewhere.example/login HTTP/1.1\r\nHost: x\r\n\r\n"),
    rawRequest(`GET /${"a".repeat(16 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    rawRequest("GET /a\0b HTTP/1.1\r\nHost: x\r\n\r\n"),
  ]);
  for (const answer of answers) {
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(answer.toLowerCase()).toContain("connection: close");
  }
  expect(answers[0]).toContain("Bad request. The address starts with two slashes");
  expect(answers[1]).toContain("Bad request. The address has a % that does not start a valid escape");
  expect(answers[2]).toContain('"detail":"The address has a % that does not start a valid escape (%XX, as UTF-8)."');
  expect(answers[3]).toContain("Bad request. The address must be a path that starts with one slash");
  expect(answers[4]).toContain("Bad request. The request line and headers are larger than 16 KB");
  expect(answers[5]).toContain("Bad request. The request could not be read as HTTP");
  // And the server answers as before.
  expect((await rawRequest("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).split("\r\n")[0]).toBe(
    "HTTP/1.1 200 OK",
  );
});
