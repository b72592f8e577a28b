// Counts read the same whatever the locale of the process that renders them (lib/numbers/format.ts): a client
// component is rendered on the server and hydrated in the browser, whose locales differ, and two texts would be a
// hydration error and two ways of reading one figure. Renders the same component in two processes, one German and
// one American, and compares the HTML.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(__dirname, "..");

function renderIn(locale: string): { locale: string; html: string } {
  const out = execFileSync(path.join(root, "node_modules/.bin/tsx"), ["test/render-in-locale.tsx"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, LC_ALL: locale, LANG: locale },
  });
  return JSON.parse(out) as { locale: string; html: string };
}

it("a client component shows the same counts under a German and an American locale", () => {
  const german = renderIn("de_DE.UTF-8");
  const american = renderIn("en_US.UTF-8");
  // The processes did run in two locales (else the comparison proves nothing).
  expect([german.locale, american.locale]).toEqual(["de-DE", "en-US"]);
  expect(german.html).toContain("1,234,567");
  expect(german.html).toBe(american.html);
});
