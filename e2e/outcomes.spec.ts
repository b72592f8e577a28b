// One story per patient (issue 35): an escalating SMS batch where two SMS fail and one never gets a receipt. Their
// calls go out at the deadline (moved to now in the test database, as e2e/escalation.spec.ts does: the product's
// 5-minute minimum is not lowered); two are answered, one is not. While the page stays open the counters, the funnel,
// the phase and "Reached" all move to the same story — reached 3 of 4 — without a reload; each recipient reads as
// reached by call, called instead, or not answered; the resend leaves out the one who answered and says so. The page is
// photographed at 1280 and 390 px, where the recipients and failure tables are cards with the state on screen.
import type pg from "pg";
import { expect, logIn, openCompose, test } from "./fixtures";

/** The embedded sandbox's control API, from the default account's base URL. */
async function sandbox(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ baseUrl: string }>(
    `SELECT "baseUrl" FROM "ProviderAccount" WHERE "isDefault" ORDER BY "createdAt" LIMIT 1`,
  );
  return `${new URL(rows[0]!.baseUrl).origin}/__sandbox/knobs`;
}
const headers = { "content-type": "application/json", authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN ?? ""}` };
type Knobs = { silentPhones: string[]; statusByPhone: Record<string, string> };

/**
 * Adds (or removes) this test's numbers to the knobs other specs running beside it may also use: each knob is
 * replaced whole by a patch, so the current value is read and merged.
 */
async function mergeKnobs(db: pg.Client, change: (current: Knobs) => Knobs): Promise<void> {
  const url = await sandbox(db);
  const current = (await (await fetch(url, { headers })).json()) as Knobs;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(change(current)) });
  expect(response.status).toBe(200);
}

test("an escalating batch tells one story: counters, funnel, reached and resend agree, live", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  const tail = String(Date.now()).slice(-5);
  const local = {
    answeredFail: `07241${tail}`,
    unansweredFail: `07242${tail}`,
    silent: `07243${tail}`,
    delivered: `07244${tail}`,
  };
  const intl = (n: string) => `254${n.slice(1)}`;
  const ours = Object.values(local).map(intl);
  await mergeKnobs(db, (k) => ({
    silentPhones: [...k.silentPhones, intl(local.silent)],
    statusByPhone: {
      ...k.statusByPhone,
      [intl(local.answeredFail)]: "AbsentSubscriber",
      [intl(local.unansweredFail)]: "AbsentSubscriber",
    },
  }));
  try {
    await logIn(page, operator);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCompose(page);
    await page.getByLabel("Batch name").fill(`Outcomes ${tail}`);
    await page.getByLabel("Message").fill(`Chanjo kesho saa tatu asubuhi (outcomes e2e ${tail}).`);
    await page.getByLabel("Recipients").fill(Object.values(local).join("\n"));
    await page.getByLabel("Call whoever the SMS does not reach").check();
    await page.getByLabel("Call if not delivered within (minutes)").fill("5");
    await page.getByRole("button", { name: "Send to 4 recipients…" }).click();
    await page.getByRole("button", { name: "Send 4 text messages" }).click();
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const batchId = page.url().split("/").pop()!;
    await expect(page.getByTestId("count-DELIVERED")).toHaveText("1", { timeout: 30_000 });
    await expect(page.getByTestId("count-FAILED")).toHaveText("2", { timeout: 30_000 });
    await expect(page.getByTestId("batch-state")).toHaveText("waiting for 1 receipt");
    await expect(page.getByTestId("count-REACHED")).toHaveText("1");
    // An SMS is never "answered": the escalating batch shows who its calls reached instead.
    await expect(page.getByTestId("count-ANSWERED")).toHaveCount(0);

    // The calls: the first failed number answers, the second does not; the silent one answers.
    await mergeKnobs(db, (k) => ({
      silentPhones: k.silentPhones,
      statusByPhone: {
        ...Object.fromEntries(Object.entries(k.statusByPhone).filter(([phone]) => !ours.includes(phone))),
        [intl(local.unansweredFail)]: "NotAnswered",
      },
    }));
    await db.query(
      `UPDATE "DispatchChunk" SET "escalateAt" = now() WHERE "batchId" = $1 AND "escalateAt" IS NOT NULL`,
      [batchId],
    );

    // No reload: the page polls one snapshot, and every figure on it follows.
    await expect(page.getByTestId("funnel-escalated")).toHaveText("3", { timeout: 60_000 });
    await expect(page.getByTestId("funnel-answered")).toHaveText("2", { timeout: 60_000 });
    await expect(page.getByTestId("funnel-sent")).toHaveText("4");
    await expect(page.getByTestId("funnel-delivered")).toHaveText("1");
    await expect(page.getByTestId("funnel-reached-by-call")).toHaveText("2");
    await expect(page.getByTestId("funnel-neither")).toHaveText("1");
    await expect(page.getByTestId("count-REACHED_BY_CALL")).toHaveText("2");
    await expect(page.getByTestId("count-REACHED")).toHaveText("3");
    // The silent SMS was called: the batch no longer waits for its receipt, and finishes with its calls.
    await expect(page.getByTestId("batch-state")).toHaveText("finished", { timeout: 30_000 });
    await expect(page.getByTestId("reached")).toContainText("3 of 4 people targeted reached", { timeout: 30_000 });

    const recipients = page.getByRole("region", { name: "Recipients" });
    const rowOf = (phone: string) => recipients.getByRole("row").filter({ hasText: intl(phone) });
    await expect(rowOf(local.answeredFail).getByTestId("call-outcome")).toHaveText("reached by call", {
      timeout: 30_000,
    });
    await expect(rowOf(local.silent).getByTestId("call-outcome")).toHaveText("no receipt — called instead (answered)");
    await expect(rowOf(local.unansweredFail).getByTestId("call-outcome")).toHaveText("called (not answered)");
    await expect(rowOf(local.delivered).getByTestId("call-outcome")).toHaveCount(0);

    // The export says it per recipient.
    const exported = await page.request.get(`/api/batches/${batchId}/export`);
    const lines = (await exported.text()).trimEnd().split("\r\n");
    const header = lines[0]!.split(",");
    const callColumn = header.indexOf("call_state");
    const byPhone = new Map(
      lines
        .slice(1)
        .map((l) => l.split(","))
        .map((c) => [c[0], c[callColumn]]),
    );
    expect(Object.fromEntries(Object.values(local).map((n) => [n, byPhone.get(intl(n))]))).toEqual({
      [local.answeredFail]: "ANSWERED",
      [local.unansweredFail]: "FAILED",
      [local.silent]: "ANSWERED",
      [local.delivered]: "",
    });

    await page.screenshot({ path: "e2e/screenshots/batch-outcomes-1280.png", fullPage: true });

    // At 390 px each recipient is a card, its state on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const state = rowOf(local.silent).getByTestId("recipient-state");
    await state.scrollIntoViewIfNeeded();
    const box = (await state.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(rowOf(local.silent).getByTestId("call-outcome")).toBeInViewport();
    const failures = page.getByRole("table", { name: "Failure reasons" }).getByTestId("failures-ABSENT");
    await failures.scrollIntoViewIfNeeded();
    const failureBox = (await failures.boundingBox())!;
    expect(failureBox.x + failureBox.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "e2e/screenshots/batch-outcomes-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Resend: the temporary failures are two, but one answered the call: one SMS goes, and the panel says why.
    await page.getByRole("button", { name: "Resend…" }).click();
    const panel = page.getByRole("region", { name: "Resend" });
    await expect(panel.getByTestId("resend-left-out")).toContainText(
      "1 answered the call and is left out: reached by call, not sent the SMS again.",
    );
    await expect(panel.getByText("Failed for a temporary reason: 1")).toBeVisible();
    await panel.getByRole("button", { name: "Review the resend to 1…" }).click();
    await panel.getByRole("button", { name: "Resend 1 text message" }).click();
    await expect
      .poll(
        async () =>
          (
            await db.query<{ phone: string }>(
              `SELECT m.phone FROM "Message" m JOIN "Batch" b ON b.id = m."batchId" WHERE b."parentBatchId" = $1`,
              [batchId],
            )
          ).rows.map((r) => r.phone),
        { timeout: 30_000 },
      )
      .toEqual([intl(local.unansweredFail)]);
  } finally {
    await mergeKnobs(db, (k) => ({
      silentPhones: k.silentPhones.filter((phone) => !ours.includes(phone)),
      statusByPhone: Object.fromEntries(Object.entries(k.statusByPhone).filter(([phone]) => !ours.includes(phone))),
    }));
  }
});

test("exporting recipients is a permission: a viewer is refused with a sentence until an administrator allows it", async ({
  page,
  seedUser,
  db,
}) => {
  const [admin, viewer] = [await seedUser("ADMIN"), await seedUser("VIEWER")];
  // A batch of its own (no recipients needed: the export's permission is what is checked).
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", state, "updatedAt")
     SELECT gen_random_uuid(), 'SMS', 'Export permission', id, 'Habari', 'COMPLETED', now()
     FROM "ProviderAccount" WHERE "isDefault" ORDER BY "createdAt" LIMIT 1 RETURNING id`,
  );
  const batchId = rows[0]!.id;
  await logIn(page, viewer);
  const refused = await page.request.get(`/api/batches/${batchId}/export`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    "Exporting recipients needs the export permission: a viewer gets it from an administrator, on the Users page.",
  );
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByTestId("export-hint")).toContainText("needs the export permission");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);

  await page.context().clearCookies();
  await logIn(page, admin);
  await page.goto("/users");
  const grant = page.getByTestId(`export-grant-${viewer.email}`);
  await expect(grant).toContainText("May not export recipients.");
  await grant.getByRole("button", { name: `Allow export for ${viewer.email}` }).click();
  await expect(grant.getByRole("group")).toContainText(`Allow ${viewer.email} (a viewer) to export recipients?`);
  await grant.getByRole("button", { name: "Allow export" }).click();
  await expect(grant).toContainText("may export recipients");
  const { rows: audit } = await db.query<{ actorId: string }>(
    `SELECT "actorId" FROM "AuditEvent" WHERE action = 'user.export_grant' AND "targetId" = $1`,
    [viewer.id],
  );
  expect(audit.map((a) => a.actorId)).toEqual([admin.id]);

  await page.context().clearCookies();
  await logIn(page, viewer);
  expect((await page.request.get(`/api/batches/${batchId}/export`)).status()).toBe(200);
});
