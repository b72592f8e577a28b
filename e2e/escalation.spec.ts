// SMS → voice escalation through the browser (docs/escalation.md): an SMS batch composed with a call after the
// minimum 5 minutes, against the sandbox with two numbers whose SMS never get a receipt (its silentPhones knob). The
// planner shows the worst case; 4 minutes is refused next to the field. Time is made to pass by moving the batch's
// deadline to now in the test database — the product's minimum is not lowered — and then the two are called, once
// each, and answer; the delivered one is not called. The funnel adds up and the two batches link to each other.
import type pg from "pg";
import { expect, logIn, openCompose, test } from "./fixtures";

/** The embedded sandbox's control API, from the default account's base URL. */
async function sandboxKnobs(db: pg.Client, knobs: Record<string, unknown>): Promise<void> {
  const { rows } = await db.query<{ baseUrl: string }>(
    `SELECT "baseUrl" FROM "ProviderAccount" WHERE "isDefault" ORDER BY "createdAt" LIMIT 1`,
  );
  const response = await fetch(`${new URL(rows[0]!.baseUrl).origin}/__sandbox/knobs`, {
    method: "POST",
    // The token scripts/test.ts started the console's sandbox with.
    headers: { "content-type": "application/json", authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN ?? ""}` },
    body: JSON.stringify(knobs),
  });
  expect(response.status).toBe(200);
}

test("SMS not delivered within 5 minutes are called once and answered; the funnel adds up", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  const tail = String(Date.now()).slice(-5);
  const [silentA, silentB, delivered] = [`07231${tail}`, `07232${tail}`, `07233${tail}`];
  await sandboxKnobs(db, { silentPhones: [`2547231${tail}`, `2547232${tail}`] });
  try {
    await logIn(page, operator);
    await openCompose(page);
    await page.getByLabel("Batch name").fill(`Escalation ${tail}`);
    await page.getByLabel("Message").fill(`Chanjo kesho saa tatu asubuhi (escalation e2e ${tail}).`);
    await page.getByLabel("Recipients").fill([silentA, silentB, delivered].join("\n"));
    await page.getByLabel("Call whoever the SMS does not reach").check();
    const minutes = page.getByLabel("Call if not delivered within (minutes)");

    // Below the minimum: refused next to the field, nothing sent.
    await minutes.fill("4");
    await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
    await expect(page.getByText("Call after 5 to 1,440 minutes.")).toBeVisible();

    await minutes.fill("5");
    await expect(page.getByTestId("plan-escalation")).toContainText(
      "Calls if not delivered within 5 minutes: at most 3 call(s), 3 voice unit(s)",
    );
    await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
    await expect(page.getByTestId("review-escalation")).toContainText("within 5 minutes, once each: at most 3 call(s)");
    await page.getByRole("button", { name: "Send 3 text messages" }).click();
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const batchId = page.url().split("/").pop()!;
    await expect(page.getByTestId("count-DELIVERED")).toHaveText("1", { timeout: 30_000 });
    await expect(page.getByTestId("escalation-funnel")).toContainText("Nobody has been called yet.");

    // The deadline is the SMS's send time + 5 minutes exactly, and nobody is called before it.
    await expect
      .poll(async () => {
        const { rows } = await db.query<{ minutes: number | null }>(
          `SELECT extract(epoch FROM c."escalateAt" - m."submittedAt") / 60 AS minutes
           FROM "DispatchChunk" c JOIN "Message" m ON m."batchId" = c."batchId" AND m.id = c."firstMessageId"
           WHERE c."batchId" = $1`,
          [batchId],
        );
        return rows[0]?.minutes === null || rows[0]?.minutes === undefined ? null : Number(rows[0].minutes);
      })
      .toBe(5);
    const before = await db.query(`SELECT 1 FROM "Batch" WHERE "escalatesBatchId" = $1`, [batchId]);
    expect(before.rowCount).toBe(0);

    // Five minutes pass (for this batch only): its deadline is now.
    await db.query(
      `UPDATE "DispatchChunk" SET "escalateAt" = now() WHERE "batchId" = $1 AND "escalateAt" IS NOT NULL`,
      [batchId],
    );
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("funnel-escalated").textContent();
        },
        { timeout: 30_000 },
      )
      .toBe("2");

    await page.getByTestId("escalation-child").click();
    await expect(page).not.toHaveURL(new RegExp(batchId));
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
    const childId = page.url().split("/").pop()!;
    await expect(page.getByTestId("escalation-parent")).toContainText(`Escalation ${tail}`);
    await expect(page.getByTestId("count-ANSWERED")).toHaveText("2", { timeout: 30_000 });
    const { rows: called } = await db.query<{ phone: string }>(
      `SELECT phone FROM "Message" WHERE "batchId" = $1 ORDER BY phone`,
      [childId],
    );
    expect(called.map((r) => r.phone)).toEqual([`2547231${tail}`, `2547232${tail}`]);

    await page.getByTestId("escalation-parent").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/batches/${batchId}$`));
    await expect(page.getByTestId("funnel-sent")).toHaveText("3");
    await expect(page.getByTestId("funnel-delivered")).toHaveText("1");
    await expect(page.getByTestId("funnel-escalated")).toHaveText("2");
    await expect(page.getByTestId("funnel-answered")).toHaveText("2");
    await expect(page.getByTestId("funnel-neither")).toHaveText("0");
  } finally {
    await sandboxKnobs(db, { silentPhones: [] });
  }
});
