// Playwright drives a real Chromium against the built console that scripts/test.ts starts (real PostgreSQL, real
// sandbox). Run through `npm test` or `npm run test:e2e`, which provide E2E_BASE_URL and DATABASE_URL.
import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) => fs.existsSync(file));

export default defineConfig({
  testDir: "e2e",
  forbidOnly: !!process.env.CI,
  // No retries: a test that passes only on its second try is a defect to fix, not to hide. A failure keeps its trace.
  retries: 0,
  workers: 2,
  // A test's whole-run bound only stops a hang, so it is no time a quiet machine meets: specs take 5–45 s alone and
  // 2–3× that with two suites side by side on 2 cores, where a 60 s bound failed 13 tests that were each still
  // progressing step by step. Each step keeps its own bound (the expect timeout below), which is where a hang shows.
  timeout: 300_000,
  // An expectation waits for the thing itself (a heading, a URL, a count); its bound only stops a hang. Playwright's
  // default of 5 s is a time a quiet machine meets: a page's first render after a log-in under load took longer,
  // so the bound is the one the specs already give their slow steps.
  expect: { timeout: 30_000 },
  // The first-run spec sees the console as a new organisation does — no batch yet — so it runs on its own, before every
  // other spec (which all send or seed batches); it leaves the first batch behind it, as a new organisation would.
  // "roles" logs in one user per role for the run first (e2e/roles.setup.ts); the specs start from those sessions
  // where they are not about logging in (logInAs in e2e/fixtures.ts).
  projects: [
    { name: "roles", testMatch: /roles\.setup\.ts$/ },
    { name: "first-run", testMatch: /first-run\.spec\.ts$/, dependencies: ["roles"] },
    { name: "console", testIgnore: /first-run\.spec\.ts$/, dependencies: ["first-run"] },
  ],
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    // A browser far from the organisation's zone (East Africa Time) and from the console's (scripts/test.ts starts it
    // with TZ=America/New_York): every time a page shows must still be the organisation's (e2e/time-zone.spec.ts).
    timezoneId: "Asia/Tokyo",
    launchOptions: {
      // The system Chromium (Debian's package) when present; otherwise Playwright's own browser.
      executablePath: systemChromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
