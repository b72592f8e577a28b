// Pages in the API's one vocabulary (docs/api.md, "Pages"): `limit` 1…1,000, `cursor` in, `data`, `has_more` and
// `next_cursor` out. The boundaries: a last page exactly full says no more follow (no empty page to fetch), a filter
// that matches nothing is an empty page, a limit or cursor out of range is refused by name, and numeric cursors that
// cross a digit count (9 → 10) keep their order.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { POST as cancel } from "@/app/api/v1/batches/[id]/cancel/route";
import { GET as messages } from "@/app/api/v1/batches/[id]/messages/route";
import { GET as listBatches, POST as createBatch } from "@/app/api/v1/batches/route";
import { GET as deliveries } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { db } from "@/lib/db/client";
import { call, defaultAccount, keyFor, user } from "./api-client";

type Page = { data: { id: string; name?: string; state?: string }[]; has_more: boolean; next_cursor: string | null };

let key = "";
let adminKey = "";
const made: string[] = [];
let since = "";

beforeAll(async () => {
  await defaultAccount();
  key = await keyFor(await user("OPERATOR"), ["send", "read"]);
  adminKey = await keyFor(await user("ADMIN"), ["admin"]);
  since = new Date(Date.now() - 1000).toISOString();
  for (let i = 0; i < 4; i++) {
    const answer = await call(createBatch, {
      key,
      body: { name: `page ${i}`, templateText: "Hi", recipients: [`2547120000${i}0`] },
    });
    made.push(((await answer.json()) as { id: string }).id);
  }
});

async function all(path: (cursor: string | null) => string, handler = listBatches, options = {}): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const answer = await call(handler, { key, path: path(cursor), ...options });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const page = (await answer.json()) as Page;
    pages.push(page);
    expect(page.has_more).toBe(page.next_cursor !== null);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return pages;
}

test("GET /batches pages newest first; a last page exactly full says no more follow", async () => {
  const pages = await all(
    (cursor) => `/batches?limit=2&createdFrom=${encodeURIComponent(since)}${cursor ? `&cursor=${cursor}` : ""}`,
  );
  expect(pages.map((page) => page.data.length)).toEqual([2, 2]);
  expect(pages.flatMap((page) => page.data.map((batch) => batch.id))).toEqual([...made].reverse());
  const three = await all(
    (cursor) => `/batches?limit=3&createdFrom=${encodeURIComponent(since)}${cursor ? `&cursor=${cursor}` : ""}`,
  );
  expect(three.map((page) => page.data.length)).toEqual([3, 1]);
});

test("GET /batches filters by state, kind and created range; nothing matching is one empty page", async () => {
  const id = made[1]!;
  await call(cancel, { key, method: "POST", path: `/batches/${id}/cancel`, params: { id } });
  const cancelled = await all(() => "/batches?state=CANCELLED");
  expect(cancelled.flatMap((page) => page.data.map((batch) => batch.id))).toEqual([id]);
  const voice = await all(() => "/batches?kind=VOICE");
  expect(voice).toEqual([{ data: [], has_more: false, next_cursor: null }]);
  const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
  expect(await all(() => `/batches?createdFrom=${future}`)).toEqual([{ data: [], has_more: false, next_cursor: null }]);
  const before = await all(() => `/batches?createdBefore=${encodeURIComponent(since)}`);
  expect(before.flatMap((page) => page.data.map((batch) => batch.id)).filter((b) => made.includes(b))).toEqual([]);
});

test("a limit outside 1…1,000 or a cursor no page gave is refused by name", async () => {
  for (const bad of ["limit=0", "limit=1001", "limit=abc", "limit=2.5", "cursor=not-a-cursor", "state=DONE"]) {
    const answer = await call(listBatches, { key, path: `/batches?${bad}` });
    expect(answer.status, bad).toBe(400);
    const problem = (await answer.json()) as { errors: { path: string }[] };
    expect(problem.errors[0]?.path, bad).toBe(bad.split("=")[0]);
  }
});

test("a batch's messages come 1,000 to a page at most; 1,001 are two pages, the second of one", async () => {
  const recipients = Array.from({ length: 1001 }, (_, i) => `2547${30_000_000 + i}`);
  const created = await call(createBatch, { key, body: { templateText: "Hi", recipients } });
  const { id } = (await created.json()) as { id: string };
  const pages = await all(
    (cursor) => `/batches/${id}/messages?limit=1000${cursor ? `&cursor=${cursor}` : ""}`,
    messages,
    {
      params: { id },
    },
  );
  expect(pages.map((page) => page.data.length)).toEqual([1000, 1]);
  const ids = pages.flatMap((page) => page.data.map((message) => BigInt(message.id)));
  expect(new Set(ids).size).toBe(1001);
  expect(ids.every((value, i) => i === 0 || value > ids[i - 1]!)).toBe(true);
});

test("the delivery log pages newest first across ids of one and two digits", async () => {
  const endpoint = await db.webhookEndpoint.create({
    data: {
      url: "https://crm.example.org/hooks",
      events: ["message.delivered"],
      secretCiphertext: "x",
      description: "",
    },
  });
  const made = [];
  for (let i = 0; i < 12; i++)
    made.push(
      await db.webhookDelivery.create({
        data: {
          endpointId: endpoint.id,
          eventType: "message.delivered",
          eventId: `msg_${randomUUID()}`,
          payload: {},
          nextAttemptAt: null,
        },
      }),
    );
  const ids = made.map((delivery) => delivery.id);
  expect(ids.some((value) => value < 10n) && ids.some((value) => value >= 10n)).toBe(true);
  const params = { id: endpoint.id };
  const pages = await all(
    (cursor) => `/webhooks/${endpoint.id}/deliveries?limit=5${cursor ? `&cursor=${cursor}` : ""}`,
    deliveries,
    { key: adminKey, params },
  );
  expect(pages.map((page) => page.data.length)).toEqual([5, 5, 2]);
  expect(pages.flatMap((page) => page.data.map((delivery) => delivery.id))).toEqual([...ids].reverse().map(String));
});
