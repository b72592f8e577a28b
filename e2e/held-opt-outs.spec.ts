// Carrier-blacklist opt-outs held as a burst (issue 42, item 4; lib/receipts/failure-effects.ts) through the browser:
// the Receipts page shows the held numbers with a warning, and an administrator's "Opt them out" puts them on the
// opt-out list, audited. (How receipts come to be held is proved in lib/receipts/forged-receipts.test.ts; here the
// held rows are written as the applier writes them, since the burst limit is shared by the specs running at once.)
import { expect, logIn, test } from "./fixtures";

test("held numbers are listed on the Receipts page and released to the opt-outs by an administrator", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  const tail = String(Date.now()).slice(-5);
  const phones = [`2547331${tail}`, `2547332${tail}`];
  for (const phone of phones)
    await db.query(
      `INSERT INTO "HeldOptOut" (phone, reason, "messageId") VALUES ($1, 'Carrier blacklist (UserInBlackList)', 1)`,
      [phone],
    );

  await logIn(page, admin);
  await page.goto("/receipts");
  const section = page.getByRole("region", { name: "Held carrier-blacklist opt-outs" });
  for (const phone of phones) await expect(section.getByRole("cell", { name: phone })).toBeVisible();
  await expect(section.getByRole("status").filter({ hasText: "waiting for a decision" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/held-opt-outs.png", fullPage: true });

  await section.getByRole("button", { name: "Opt them out" }).click();
  await expect(section.getByText(/held number\(s\) released/)).toBeVisible();
  const { rows } = await db.query<{ phone: string; source: string }>(
    `SELECT phone, source FROM "OptOut" WHERE phone = ANY($1) ORDER BY phone`,
    [phones],
  );
  expect(rows).toEqual(phones.map((phone) => ({ phone, source: "carrier" })));
  const { rows: held } = await db.query(`SELECT 1 FROM "HeldOptOut" WHERE phone = ANY($1)`, [phones]);
  expect(held).toEqual([]);
  const { rows: audit } = await db.query<{ actorId: string }>(
    `SELECT "actorId" FROM "AuditEvent" WHERE action = 'optout.hold_release' ORDER BY id DESC LIMIT 1`,
  );
  expect(audit).toEqual([{ actorId: admin.id }]);
  await page.reload();
  for (const phone of phones) await expect(section.getByRole("cell", { name: phone })).toHaveCount(0);
});
