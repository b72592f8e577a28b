// The per-key rate limit: every answer says the limit, what is left and when the window ends; past the limit 429
// with Retry-After, for that key only.
process.env.API_RATE_LIMIT_PER_MINUTE = "3";
import { expect, test } from "vitest";
import { GET as getBatch } from "@/app/api/v1/batches/[id]/route";
import { call, keyFor, user } from "./api-client";

const id = "00000000-0000-4000-8000-000000000000";

test("the fourth request in a minute is refused with 429 and Retry-After; another key is not affected", async () => {
  const owner = await user("VIEWER");
  const key = await keyFor(owner, ["read"]);
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await call(getBatch, { key, path: `/batches/${id}`, params: { id } }));
  expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 429]);
  expect(answers.map((answer) => answer.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "0", "0"]);
  expect(answers.every((answer) => answer.headers.get("ratelimit-limit") === "3")).toBe(true);
  const reset = Number(answers[3]!.headers.get("ratelimit-reset"));
  expect(reset).toBeGreaterThan(0);
  expect(reset).toBeLessThanOrEqual(60);
  expect(answers[3]!.headers.get("retry-after")).toBe(String(reset));
  expect(answers[3]!.headers.get("content-type")).toBe("application/problem+json");
  const other = await keyFor(owner, ["read"]);
  expect((await call(getBatch, { key: other, path: `/batches/${id}`, params: { id } })).status).toBe(404);
});
