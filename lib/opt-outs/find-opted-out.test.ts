// Compose's opt-out check against a real database: the numbers on the list are found among those pasted, once each;
// the question is bounded (count by the schema, bytes while the body streams).
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { isAppError } from "@/lib/errors/app-error";
import { readJsonBody } from "@/lib/http/read-json-body";
import { findOptedOut, OPTED_OUT_QUESTION_BYTES, optedOutQuestionSchema } from "./find-opted-out";

test("finds which pasted numbers are opted out, once each, and nothing for none", async () => {
  await pool().query(`INSERT INTO "OptOut" (phone) VALUES ('254711000001'), ('254711000003')`);
  expect(await findOptedOut(["254711000001", "254711000002", "254711000003", "254711000001"])).toEqual([
    "254711000001",
    "254711000003",
  ]);
  expect(await findOptedOut([])).toEqual([]);
});

test("the question: at most 100,000 numbers in the 254 form", () => {
  const many = Array.from({ length: 100_001 }, (_, i) => `2547${String(i).padStart(8, "0")}`);
  expect(optedOutQuestionSchema.safeParse({ phones: many.slice(1) }).success).toBe(true);
  expect(optedOutQuestionSchema.safeParse({ phones: many }).success).toBe(false);
  expect(optedOutQuestionSchema.safeParse({ phones: ["0712345678"] }).success).toBe(false);
  // The largest allowed question fits the byte limit.
  expect(Buffer.byteLength(JSON.stringify({ phones: many.slice(1) }))).toBeLessThan(OPTED_OUT_QUESTION_BYTES);
});

test("a body over the limit is refused while it streams, without reading the rest", async () => {
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
  const request = new Request("http://localhost/x", { method: "POST", body: endless, duplex: "half" } as RequestInit);
  const error = await readJsonBody(request, 1024 * 1024).catch((e: unknown) => e);
  expect(isAppError(error) && error.code).toBe("TOO_LARGE");
  expect(pulled).toBeLessThan(40);
  const declared = new Request("http://localhost/x", {
    method: "POST",
    body: "{}",
    headers: { "content-length": String(10 * 1024 * 1024) },
  });
  expect(isAppError(await readJsonBody(declared, 1024).catch((e: unknown) => e))).toBe(true);
  const fine = new Request("http://localhost/x", { method: "POST", body: '{"phones":[]}' });
  expect(await readJsonBody(fine, 1024)).toEqual({ phones: [] });
});
