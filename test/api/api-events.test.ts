// Test events, the delivery log's attempts and filters, and events recovered since a time, through the real /api/v1
// handlers, the real deliverer and a real sink (verified with the standardwebhooks package): a test event is queued
// whatever the endpoint subscribes to and audited; a failed attempt and the retry that succeeds are both kept with
// their answers; the log filters by state and type; GET /events pages an endpoint's events oldest first.
import { beforeAll, afterAll, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { GET as listEvents } from "@/app/api/v1/events/route";
import { GET as listDeliveries } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { POST as sendTest } from "@/app/api/v1/webhooks/[id]/test/route";
import { db } from "@/lib/db/client";
import { setAllowedHostsSetting } from "@/lib/webhooks/allowed-hosts-setting";
import { deliverDueWebhooks } from "@/lib/webhooks/deliver";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { actor } from "@/test/upload-helpers";
import { startWebhookSink, type WebhookSink } from "@/test/webhook-sink";
import { call, keyFor } from "./api-client";

let sink: WebhookSink;
let adminKey = "";
let endpointId = "";
let secret = "";
const start = new Date();

beforeAll(async () => {
  sink = await startWebhookSink();
  const admin = await actor();
  adminKey = await keyFor(admin.id, ["admin"]);
  await setAllowedHostsSetting(admin, [sink.hostPort]);
  ({
    endpoint: { id: endpointId },
    secret,
  } = await createEndpoint(admin, {
    url: sink.url,
    events: ["batch.completed"],
    description: "test events",
  }));
});

afterAll(() => sink.close());

const params = () => ({ id: endpointId });

test("a test event is delivered signed whatever the endpoint subscribes to; every attempt is kept with its answer", async () => {
  sink.answerWith({ status: 500, body: "not yet" });
  const queued = await call(sendTest, {
    key: adminKey,
    method: "POST",
    path: `/webhooks/${endpointId}/test`,
    params: params(),
  });
  expect(queued.status).toBe(201);
  const { id, eventId } = (await queued.json()) as { id: string; eventId: string };
  expect((await deliverDueWebhooks()).retrying).toBe(1);
  sink.answerWith({ status: 204 });
  // The retry is due 5 s later (±20 %): the deliverer's clock is moved on instead of waiting.
  expect((await deliverDueWebhooks({ now: () => new Date(Date.now() + 10_000) })).delivered).toBe(1);

  expect(sink.posts).toHaveLength(2);
  for (const post of sink.posts) {
    const body = new Webhook(secret).verify(post.body, post.headers) as { type: string; data: { endpointId: string } };
    expect(body).toMatchObject({ type: "webhook.test", data: { endpointId } });
    expect(post.headers["webhook-id"]).toBe(eventId);
  }
  const attempts = await db.webhookAttempt.findMany({ where: { deliveryId: BigInt(id) }, orderBy: { id: "asc" } });
  expect(attempts.map((a) => [a.statusCode, a.responseExcerpt])).toEqual([
    [500, "not yet"],
    [204, ""],
  ]);
  expect(await db.auditEvent.count({ where: { action: "webhook.test", targetId: endpointId } })).toBe(1);
});

test("the delivery log filters by state, type and time", async () => {
  sink.answerWith({ status: 410 });
  await call(sendTest, { key: adminKey, method: "POST", path: `/webhooks/${endpointId}/test`, params: params() });
  await deliverDueWebhooks();
  const page = async (query: string) => {
    const answer = await call(listDeliveries, {
      key: adminKey,
      path: `/webhooks/${endpointId}/deliveries?${query}`,
      params: params(),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { state: string; eventType: string }[] }).data;
  };
  expect((await page("state=DELIVERED")).map((d) => d.state)).toEqual(["DELIVERED"]);
  expect((await page("state=PENDING")).map((d) => d.state)).toEqual(["PENDING"]);
  expect(await page("eventType=webhook.test")).toHaveLength(2);
  expect(await page("eventType=message.failed")).toHaveLength(0);
  expect(await page(`until=${encodeURIComponent(start.toISOString())}`)).toHaveLength(0);
  const refused = await call(listDeliveries, {
    key: adminKey,
    path: `/webhooks/${endpointId}/deliveries?state=LOST`,
    params: params(),
  });
  expect(refused.status).toBe(400);
});

test("events since a time, oldest first, a page at a time; an unknown endpoint is 404", async () => {
  const read = async (query: string) => {
    const answer = await call(listEvents, { key: adminKey, path: `/events?${query}` });
    expect(answer.status).toBe(200);
    return (await answer.json()) as {
      data: { id: string; type: string; deliveryState: string; event: { type: string } }[];
      has_more: boolean;
      next_cursor: string | null;
    };
  };
  const since = encodeURIComponent(start.toISOString());
  const first = await read(`endpointId=${endpointId}&since=${since}&limit=1`);
  expect(first.data.map((e) => [e.type, e.deliveryState])).toEqual([["webhook.test", "DELIVERED"]]);
  expect(first.has_more).toBe(true);
  const second = await read(`endpointId=${endpointId}&since=${since}&limit=1&cursor=${first.next_cursor}`);
  expect(second.data.map((e) => [e.type, e.deliveryState])).toEqual([["webhook.test", "PENDING"]]);
  expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
  expect(second.has_more).toBe(false);
  expect(second.data[0]!.event.type).toBe("webhook.test");
  const later = await read(
    `endpointId=${endpointId}&since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
  );
  expect(later.data).toEqual([]);
  const missing = await call(listEvents, {
    key: adminKey,
    path: `/events?endpointId=${crypto.randomUUID()}&since=${since}`,
  });
  expect(missing.status).toBe(404);
});
