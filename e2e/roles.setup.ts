// One logged-in user per role, made once per run before the console's specs (Playwright's setup project with
// storageState): specs that are not about logging in start from it through logInAs (e2e/fixtures.ts) instead of a
// form log-in of their own — seeding a user, the log-in form, argon2 and the Overview's first render, which cost
// seconds a test on a loaded machine. Specs about logging in (the form, throttles, the idle timeout, a changed
// password, log-out) keep their own users and the form. The files go to the run's own temporary folder (roleFiles).
import fs from "node:fs";
import { logIn, ROLES, roleFiles, test } from "./fixtures";

for (const role of ROLES) {
  test(`the shared ${role.toLowerCase()} logs in once for the run`, async ({ browser, seedUser }) => {
    const user = await seedUser(role);
    const context = await browser.newContext();
    await logIn(await context.newPage(), user);
    const files = roleFiles(role);
    await context.storageState({ path: files.state });
    fs.writeFileSync(files.user, JSON.stringify(user));
    await context.close();
  });
}
