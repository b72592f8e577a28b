// Root and a normal user get the same sentences from `npm start`, in seconds: a database it cannot reach, a data
// folder it cannot write, a busy port for the embedded PostgreSQL. Each check runs as this process's user and as the
// other kind (test/identities.ts); what this machine cannot check is skipped with the reason in the test's name.
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { destroyEmbedded, embeddedFiles } from "@/lib/db/destroy";
import { freePort } from "@/test/free-port";
import { identities } from "@/test/identities";

const people = identities();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
afterAll(() => people.forEach((person) => person.dispose()));

for (const person of people) {
  describe.skipIf(person.skipped !== null)(
    person.skipped === null ? person.label : `${person.label} (skipped: ${person.skipped})`,
    () => {
      /** `npm start` as this person on a free port, without the sandbox, with `env` added. */
      const start = async (env: Record<string, string>) =>
        person.start({ PORT: String(await freePort()), SANDBOX: "off", ALLOW_INSECURE_HTTP: "on", ...env });

      test("an unreachable DATABASE_URL is one sentence naming it", async () => {
        const closedPort = await freePort();
        const result = await start({
          DATABASE_URL: `postgresql://tuma:secret@127.0.0.1:${closedPort}/tuma`,
          TUMA_DATA_DIR: person.folder("tuma-data-"),
        });
        expect(result.stderr).toContain(
          `Tuma could not start: Cannot use the database in DATABASE_URL (127.0.0.1:${closedPort}/tuma): the connection was refused`,
        );
        expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
        expect(result.code).toBe(1);
      });

      // Its own reason to be skipped (root without chattr), said only when the whole identity is not skipped already.
      const unwritable = person.skipped === null ? person.unwritableFolder() : { skipped: null };
      test.skipIf("skipped" in unwritable)(
        `a data folder it cannot write is one sentence naming it${"skipped" in unwritable && unwritable.skipped ? ` (skipped: ${unwritable.skipped})` : ""}`,
        async () => {
          if ("skipped" in unwritable) return;
          const dataDir = path.join(unwritable.path, "data");
          const result = await start({ TUMA_DATA_DIR: dataDir });
          expect(result.stderr).toMatch(
            new RegExp(
              `^Tuma could not start: Cannot write to the data folder ${escape(dataDir)} \\((permission denied|operation not permitted)\\): make it writable by ${person.username}, the user running Tuma, or set TUMA_DATA_DIR to another folder\\.$`,
              "m",
            ),
          );
          expect(result.stderr).not.toMatch(/\n\s+at /);
          expect(result.code).toBe(1);
        },
      );

      test("a busy port for the embedded PostgreSQL is one sentence naming EMBEDDED_PG_PORT", async () => {
        const blocker = net.createServer();
        const port = await new Promise<number>((resolve) =>
          blocker.listen(0, "127.0.0.1", () => resolve((blocker.address() as net.AddressInfo).port)),
        );
        const dataDir = person.folder("tuma-data-");
        try {
          const result = await start({ TUMA_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
          expect(result.stderr).toContain(
            `Tuma could not start: The embedded PostgreSQL could not listen on port ${port} (it is in use): set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL server.`,
          );
          expect(result.stderr).not.toMatch(/\n\s+at /);
          expect(result.code).toBe(1);
        } finally {
          blocker.close();
          // As root the data directory was placed in /var/lib/tuma-pg, behind a link in dataDir: remove it there too.
          const files = embeddedFiles(path.join(dataDir, "pg"));
          if (files) destroyEmbedded(files);
        }
      });
    },
  );
}
