// The receipt callback as the web server answers it (without Next), over real HTTP into a real PostgreSQL: the answers
// a provider can get besides 200, and the route handler that answers the same path where Next runs alone.
import http from "node:http";
import { randomBytes } from "node:crypto";
import { expect, test, vi } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { logger } from "@/lib/log";
import { POST as routePost } from "@/app/api/receipts/[secret]/route";
import { answerReceiptCallback, receiptCallbackSecret } from "./receipt-callback";
import { serverForFile } from "@/test/loopback-server";

const secret = randomBytes(12).toString("hex");
const accountId = await account({ receiptSecret: secret });
const { url: base } = await serverForFile((req, res) => {
  const found = receiptCallbackSecret(new URL(req.url ?? "/", "http://host").pathname);
  if (found === null) return void res.writeHead(418).end();
  void answerReceiptCallback(req, res, found);
});

const receipt = (n: number) => ({
  phone: `2547${String(20_000_000 + n).slice(-8)}`,
  correlator: String(900_000 + n),
  uniqueId: `cb-${secret}-${n}`,
  deliveryStatus: "DeliveredToTerminal",
  deliveryTime: "2026-11-22 10:00:00",
});

const stored = () => db.receipt.count({ where: { accountId } });

test("only its own paths are taken; a secret that is not valid %-encoding is simply unknown", () => {
  expect(receiptCallbackSecret("/api/receipts/abc")).toBe("abc");
  expect(receiptCallbackSecret("/api/receipts/a%20b")).toBe("a b");
  expect(receiptCallbackSecret("/api/receipts/%E0%A4%A")).toBe("");
  expect(receiptCallbackSecret("/api/receipts/")).toBeNull();
  expect(receiptCallbackSecret("/api/receipts/a/b")).toBeNull();
  expect(receiptCallbackSecret("/api/receiptsx/a")).toBeNull();
  expect(receiptCallbackSecret("/api/health")).toBeNull();
});

test("a receipt is stored and answered 200 with the API's headers; another method is 405 with Allow", async () => {
  const before = await stored();
  const answer = await fetch(`${base}/api/receipts/${secret}`, { method: "POST", body: JSON.stringify(receipt(1)) });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ status: true, message: "Received.", received: 1 });
  expect(answer.headers.get("content-type")).toBe("application/json");
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(await stored()).toBe(before + 1);

  const get = await fetch(`${base}/api/receipts/${secret}`);
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
  expect(await get.json()).toEqual({ status: false, message: "This address answers POST only." });
  const unknown = await fetch(`${base}/api/receipts/%E0%A4%A`, { method: "POST", body: "{}" });
  expect(unknown.status).toBe(404);
  expect(await stored()).toBe(before + 1);
});

/** A chunked POST (no Content-Length) of `chunks` pieces: the answer, and whether the server closed the connection. */
function chunkedPost(chunks: string[]): Promise<{ status: number; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/receipts/${secret}`, { method: "POST", agent: false });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, closed: response.headers.connection === "close" }),
      );
    });
    // The server may close while we still write: that is its answer to an oversized body, not a failure here.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" ? undefined : reject(error)));
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

test("a chunked body over 64 KiB is refused at the limit (413, connection closed) and nothing of it is stored", async () => {
  const before = await stored();
  const many = JSON.stringify(Array.from({ length: 600 }, (_, i) => receipt(100 + i)));
  expect(Buffer.byteLength(many)).toBeGreaterThan(64 * 1024);
  const pieces = many.match(/[\s\S]{1,4096}/g)!;
  const answer = await chunkedPost(pieces);
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ status: false, message: "The body is larger than 65536 bytes." });
  expect(answer.closed).toBe(true);
  // The same receipts within the limit, chunked too, are taken whole.
  const fits = JSON.stringify(Array.from({ length: 100 }, (_, i) => receipt(1_000 + i)));
  const ok = await chunkedPost(fits.match(/[\s\S]{1,1000}/g)!);
  expect(ok.status).toBe(200);
  expect(await stored()).toBe(before + 100);
});

test("a client that goes away in the middle of its body leaves nothing stored, nothing logged, the server answering", async () => {
  const before = await stored();
  const errors = vi.spyOn(logger(), "error");
  await new Promise<void>((resolve) => {
    const request = http.request(`${base}/api/receipts/${secret}`, {
      method: "POST",
      agent: false,
      headers: { "content-length": "5000" },
    });
    request.on("error", () => resolve());
    request.write(JSON.stringify([receipt(5_000)]).slice(0, 40));
    setTimeout(() => request.destroy(), 100);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  const after = await fetch(`${base}/api/receipts/${secret}`, { method: "POST", body: JSON.stringify(receipt(5_001)) });
  expect(after.status).toBe(200);
  expect(await stored()).toBe(before + 1);
});

test("the route handler, where Next answers without the web server, stores and refuses alike", async () => {
  const before = await stored();
  const call = (body: string, to = secret) =>
    routePost(new Request(`http://host/api/receipts/${to}`, { method: "POST", body }), {
      params: Promise.resolve({ secret: to }),
    });
  const ok = await call(JSON.stringify(receipt(6_000)));
  expect(ok.status).toBe(200);
  expect(ok.headers.get("cache-control")).toBe("no-store");
  expect((await call("{", secret)).status).toBe(400);
  expect((await call(JSON.stringify(receipt(6_001)), "not-the-secret")).status).toBe(404);
  expect((await call(" ".repeat(70_000))).status).toBe(413);
  expect(await stored()).toBe(before + 1);
});

test("when the database cannot store, the provider gets 503 (post again) and the log one line, not one per callback", async () => {
  // A failure of the server, not of the data (class XX, as a full disk or a lost connection would be), for this
  // file's account alone: other files store receipts in the same database meanwhile.
  await pool().query(`
    CREATE FUNCTION refuse_callback_test() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'storage unavailable' USING ERRCODE = 'XX000'; END $$;
    CREATE TRIGGER refuse_callback_test BEFORE INSERT ON "Receipt" FOR EACH ROW
      WHEN (NEW."accountId" = '${accountId}') EXECUTE FUNCTION refuse_callback_test();`);
  const errors = vi.spyOn(logger(), "error");
  try {
    const before = await stored();
    const answers = await Promise.all(
      [0, 1, 2].map((i) =>
        fetch(`${base}/api/receipts/${secret}`, { method: "POST", body: JSON.stringify(receipt(7_000 + i)) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
    expect(await answers[0]!.json()).toEqual({ status: false, message: "Could not store the receipt; please retry." });
    expect(await stored()).toBe(before);
    const lines = errors.mock.calls.filter(([, message]) => String(message).startsWith("Receipts could not be stored"));
    expect(lines).toHaveLength(1);
    expect(String(lines[0]![1])).toContain("1 callback(s) answered 503");
  } finally {
    errors.mockRestore();
    await pool().query(`DROP TRIGGER refuse_callback_test ON "Receipt"; DROP FUNCTION refuse_callback_test();`);
  }
  const after = await fetch(`${base}/api/receipts/${secret}`, { method: "POST", body: JSON.stringify(receipt(7_010)) });
  expect(after.status).toBe(200);
});
