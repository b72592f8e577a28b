// The per-key rate limit, a token bucket (lib/api/rate-limit.ts): every answer carries RateLimit-Policy (the quota and
// its window) and RateLimit (what is left, seconds until the bucket is full); past the limit 429 with Retry-After (a
// token back), for that key only.
process.env.API_RATE_LIMIT_PER_MINUTE = "3";
import { expect, test } from "vitest";
import { GET as getBatch } from "@/app/api/v1/batches/[id]/route";
import { call, keyFor, user } from "./api-client";

const id = "00000000-0000-4000-8000-000000000000";

test("the fourth request at once is refused with 429 and Retry-After; another key is not affected", async () => {
  const owner = await user("VIEWER");
  const key = await keyFor(owner, ["read"]);
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await call(getBatch, { key, path: `/batches/${id}`, params: { id } }));
  expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 429]);
  const fields = answers.map((answer) => /^"per-key";r=(\d+);t=(\d+)$/.exec(answer.headers.get("ratelimit") ?? ""));
  expect(fields.map((field) => field?.[1])).toEqual(["2", "1", "0", "0"]);
  expect(answers.every((answer) => answer.headers.get("ratelimit-policy") === '"per-key";q=3;w=60')).toBe(true);
  const reset = Number(fields[3]![2]);
  expect(reset).toBeGreaterThan(0); // three tokens spent: the bucket is full again within the minute
  expect(reset).toBeLessThanOrEqual(60);
  // One token comes back every 20 s (60 s / 3): the fourth may try again then, not at the bucket's refill.
  const retry = Number(answers[3]!.headers.get("retry-after"));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(20);
  expect(answers[3]!.headers.get("content-type")).toBe("application/problem+json");
  const other = await keyFor(owner, ["read"]);
  expect((await call(getBatch, { key: other, path: `/batches/${id}`, params: { id } })).status).toBe(404);
});
