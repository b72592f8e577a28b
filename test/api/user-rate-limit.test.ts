// The per-user rate limit: all of one user's keys together, so that more keys do not buy more requests; past it 429
// with Retry-After and a sentence naming the user's limit, while another user's keys go on.
process.env.API_RATE_LIMIT_PER_MINUTE = "3";
process.env.API_RATE_LIMIT_PER_USER_PER_MINUTE = "4";
import { expect, test } from "vitest";
import { GET as getBatch } from "@/app/api/v1/batches/[id]/route";
import { call, keyFor, user } from "./api-client";

const id = "00000000-0000-4000-8000-000000000000";
const get = (key: string) => call(getBatch, { key, path: `/batches/${id}`, params: { id } });

test("the fifth request in a minute from one user's two keys is refused with 429; another user's key is not", async () => {
  const owner = await user("VIEWER");
  const [first, second] = [await keyFor(owner, ["read"]), await keyFor(owner, ["read"])];
  const answers = [await get(first), await get(first), await get(second), await get(second), await get(second)];
  expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 429]);
  // The tighter of the two quotas is the one reported, named (RateLimit: "<policy>";r=<remaining>;t=<seconds>).
  const reported = (answer: Response) =>
    /^"(per-key|per-user)";r=(\d+);t=\d+$/.exec(answer.headers.get("ratelimit") ?? "")?.slice(1, 3);
  expect(answers.map(reported)).toEqual([
    ["per-key", "2"],
    ["per-key", "1"],
    ["per-user", "1"],
    ["per-user", "0"],
    ["per-user", "0"],
  ]);
  const refused = answers[4]!;
  expect(refused.headers.get("ratelimit-policy")).toBe('"per-user";q=4;w=60');
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(((await refused.json()) as { detail: string }).detail).toBe(
    `This key's user has used their 4 requests a minute across all their keys; try again in ${retryAfter} s.`,
  );
  expect((await get(await keyFor(await user("VIEWER"), ["read"]))).status).toBe(404);
});
