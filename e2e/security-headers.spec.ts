// Security headers on pages and API routes, and a console that still works under its Content-Security-Policy.
import type { APIResponse, Page, Response } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";

function expectSecurityHeaders(response: Response | APIResponse | null): string {
  expect(response).not.toBeNull();
  const headers = response!.headers();
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain("unsafe-eval");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  return policy;
}

/** CSP violations as the browser reports them: console errors and securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
  ];
}

test("the login page, a console page and API routes carry the security headers, with a fresh nonce each time", async ({
  page,
  request,
  logInAs,
}) => {
  const first = expectSecurityHeaders(await request.get("/login"));
  const second = expectSecurityHeaders(await request.get("/login"));
  expect(first).not.toBe(second);
  expectSecurityHeaders(await request.get("/api/health"));
  const refused = await request.get("/api/batches/00000000-0000-0000-0000-000000000000");
  expect(refused.status()).toBe(401);
  expectSecurityHeaders(refused);
  // The routes the proxy does not run before (proxy.ts matcher) set the API policy themselves.
  for (const response of [
    await request.get("/api/receipts/not-a-secret"),
    await request.post("/api/receipts/not-a-secret", { data: { deliveryStatus: "DeliveredToTerminal" } }),
    await request.post("/api/lists?filename=x.csv", { data: "phone\n0712345678\n" }),
    await request.post("/api/opt-outs/upload?filename=x.csv", { data: "phone\n0712345678\n" }),
  ]) {
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-frame-options"]).toBe("DENY");
    expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  }

  await logInAs(page, "OPERATOR");
  expectSecurityHeaders(await page.goto("/batches"));
});

test("under the policy the console hydrates and works: log in, navigate, compose — with no CSP violation reported", async ({
  page,
  seedUser,
}) => {
  const violations = await watchViolations(page);
  await logIn(page, await seedUser("OPERATOR"));
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  // Client-side navigation and a live form need React running in the page.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Batches" }).click();
  await expect(page.getByRole("heading", { name: "Batches", exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Compose" }).click();
  await page.getByLabel("Recipients").fill("0712345678, 254733000111\n711000222");
  await expect(page.getByTestId("pasted-valid")).toHaveText("3 numbers");
  // A page that is not found is rendered per request too, with its nonce.
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading").first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
