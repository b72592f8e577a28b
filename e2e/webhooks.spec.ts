// An administrator registers a webhook endpoint (a real HTTP sink on loopback, allowed by WEBHOOK_ALLOW_HOSTS in the
// console's environment, scripts/test.ts), sends a batch through the sandbox, and sees the signed events arrive —
// verified with the secret the page showed once — and listed in the endpoint's delivery log.
import { Webhook } from "standardwebhooks";
import { startWebhookSink, type WebhookSink } from "../test/webhook-sink";
import { expect, logIn, openCompose, test } from "./fixtures";

let sink: WebhookSink;

test.beforeAll(async () => {
  const port = Number(process.env.E2E_WEBHOOK_SINK_PORT);
  if (!port) throw new Error("E2E_WEBHOOK_SINK_PORT is not set: run the e2e tests through `npm run test:e2e`.");
  sink = await startWebhookSink({ port });
});

test.afterAll(async () => {
  await sink?.close();
});

test("a webhook registered in the console arrives signed at a local sink and shows in the delivery log", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  await logIn(page, admin);
  await page.getByRole("link", { name: "Webhooks" }).click();
  await page.getByLabel("URL").fill(`http://127.0.0.1:${process.env.E2E_WEBHOOK_SINK_PORT}/e2e-hooks`);
  await page.getByLabel("Description").fill("E2E sink");
  await page.getByRole("checkbox", { name: /message\.failed/ }).uncheck();
  await page.getByRole("button", { name: "Register endpoint" }).click();
  const secretBox = page.getByLabel("Signing secret");
  await expect(secretBox).toHaveValue(/^whsec_/);
  const secret = await secretBox.inputValue();
  await page.screenshot({ path: "e2e/screenshots/webhooks.png", fullPage: true });

  await openCompose(page);
  await page.getByLabel("Batch name").fill("E2E webhooks");
  await page.getByLabel("Message").fill("Webhook test");
  await page.getByLabel("Recipients").fill("0712000101, 0712000102");
  await page.getByRole("button", { name: "Send to 2 recipients…" }).click();
  await page.getByRole("button", { name: "Send 2 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const batchId = page.url().split("/").pop()!;

  // Other specs send at the same time: only this batch's events are ours (every event is subscribed by default: the
  // batch started, two deliveries, sent, and its completion last).
  type Event = { type: string; data: { batchId: string; phone?: string; state?: string } };
  const ours = (): Event[] =>
    sink.posts
      .map((post) => new Webhook(secret).verify(post.body, post.headers) as Event)
      .filter((event) => event.data.batchId === batchId);
  await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(5);
  const events = ours();
  expect(
    events
      .filter((e) => e.type === "message.delivered")
      .map((e) => e.data.phone)
      .sort(),
  ).toEqual(["254712000101", "254712000102"]);
  expect(events.filter((e) => e.type === "batch.completed")).toHaveLength(1);
  expect(events[0]!.type).toBe("batch.started");
  expect(events.at(-1)!.type).toBe("batch.completed");

  // A test event from the page, whatever the endpoint subscribes to.
  await page.goto("/webhooks");
  await page
    .getByRole("row", { name: /e2e-hooks/ })
    .getByRole("button", { name: "Send a test event" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "test event" })).toBeVisible();
  await expect
    .poll(
      () =>
        sink.posts.filter(
          (post) => (new Webhook(secret).verify(post.body, post.headers) as { type: string }).type === "webhook.test",
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);

  // The endpoint hears every spec's events, so its first page can be all other batches' events: the log is filtered to
  // the kind of event and outcome looked for.
  await page.goto("/webhooks");
  await page
    .getByRole("row", { name: /e2e-hooks/ })
    .getByRole("link", { name: "Delivery log" })
    .click();
  await expect(page.getByRole("heading", { name: "Delivery log" })).toBeVisible();
  await page.getByLabel("Event").selectOption("message.delivered");
  await page.getByLabel("Outcome").selectOption("DELIVERED");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/eventType=message\.delivered/);
  const deliveries = page.getByTestId("delivery");
  await expect(deliveries.first()).toContainText("message.delivered");
  await expect(deliveries.filter({ hasNotText: "message.delivered" })).toHaveCount(0);
  // The sink answers 204 to everything: every delivered row shows the answer it got.
  await expect(deliveries.filter({ hasNotText: "HTTP 204" })).toHaveCount(0);
  await page.screenshot({ path: "e2e/screenshots/webhook-deliveries.png", fullPage: true });
  // Clear leads back to the whole log, the filter's fields at "Any".
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).not.toHaveURL(/eventType=/);
  await expect(page.getByLabel("Event")).toHaveValue("");
  await expect(page.getByRole("link", { name: "Clear" })).toHaveCount(0);

  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM "AuditEvent" WHERE action = 'webhook.create' AND "actorId" = $1`,
    [admin.id],
  );
  expect(Number(rows[0]!.n)).toBe(1);
  // Left registered, it would keep posting other specs' events to a sink that is gone.
  await db.query(`DELETE FROM "WebhookEndpoint" WHERE url LIKE '%/e2e-hooks'`);
});
