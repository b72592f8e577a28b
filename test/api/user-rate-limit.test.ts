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
  // The tighter of the two windows is the one reported.
  expect(answers.map((answer) => answer.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "1", "0", "0"]);
  const refused = answers[4]!;
  expect(refused.headers.get("retry-after")).toBe(refused.headers.get("ratelimit-reset"));
  expect(((await refused.json()) as { detail: string }).detail).toMatch(
    /^This key's user made 4 requests with all their keys in the last minute, the limit per user; try again in \d+ s\.$/,
  );
  expect((await get(await keyFor(await user("VIEWER"), ["read"]))).status).toBe(404);
});
