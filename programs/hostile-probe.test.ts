// Issue 14's hostile probe against `npm start` as a whole (supervisor with its sandbox thread, web, importer,
// worker), asserting outcomes only — its times and memory figures are bench/hostile.ts's. Anonymous 1 GiB bodies to
// the public routes are refused with 413 and their sentence after a few socket buffers' worth; the three hostile files
// are refused with theirs and store nothing; sixteen slow uploads from eight people hold on while a ninth person's
// list is stored and the same person's third upload is refused with 429; the log-in page answers every time
// throughout; the peak RSS of Tuma's processes stays within 1,000 MB of their baseline; and Tuma still serves at the
// end. Needs the built console (built here when a source is newer than the build).
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { SLOT_REFUSALS } from "@/lib/fair-share/transfer-slots";
import { REFUSAL_SLACK } from "@/test/stream-body";
import { waitFor } from "@/test/dispatch-harness";
import { consoleForFile } from "@/test/console-for-file";
import {
  csvList,
  gibibyteTo,
  holdUpload,
  hostileFiles,
  memoryOf,
  messageOf,
  operators,
  pollLogin,
  publicBodies,
  resetPeaks,
  storedBy,
  storingUploads,
  sum,
  tumaProcesses,
  upload,
} from "@/test/hostile-probe";

/** What the issue allows Tuma's processes together to grow by, whatever is thrown at them. */
const GROWTH_MB = 1_000;
/** Socket buffers on both sides and the lingering close (test/stream-body.ts). */
const SLACK = REFUSAL_SLACK;

const startConsole = consoleForFile("hostile");

const json = (answer: { body: string }) => JSON.parse(answer.body) as Record<string, unknown>;

test("the hostile probe: 1 GiB bodies, hostile files and sixteen slow uploads cost bounded memory, lose nothing, refuse with sentences and starve nobody", async () => {
  const console_ = await startConsole();
  const base = console_.url;
  // Eight slow uploaders, a ninth person with a normal list, and one who sends the hostile files.
  const people = await operators(base, 10);
  const slow = people.slice(0, 8);
  const [ninth, sender] = [people[8]!, people[9]!];
  // The upload route's code is loaded by its first request, as after any start.
  expect((await upload(base, ninth.cookie, "warm-up.csv", csvList(3))).status).toBe(201);

  const processes = tumaProcesses(console_.pid);
  const parts = new Set(processes.map((p) => p.part));
  // The sandbox is a thread of the supervisor's process (lib/bootstrap/thread-child.ts): its memory is the supervisor's.
  for (const part of ["supervisor", "web", "importer", "worker"]) expect(parts).toContain(part);
  expect(parts).not.toContain("sandbox");
  const baseline = sum(memoryOf(processes), "rssMb");
  resetPeaks(processes);
  const login = pollLogin(base);

  // 1. Anonymous 1 GiB bodies to the public routes, all at once, chunked and with their length declared.
  const bodies = (await publicBodies()).flatMap(({ route, limit }) =>
    (["chunked", "content-length"] as const).map((framing) => ({ route, limit, framing })),
  );
  const exchanges = await Promise.all(bodies.map(({ route, framing }) => gibibyteTo(base, route, framing)));
  expect(
    exchanges.map((exchange, i) => ({
      route: bodies[i]!.route,
      framing: bodies[i]!.framing,
      status: exchange.status,
      message: messageOf(exchange),
      closedByServer: exchange.closedByServer,
      withinLimit: exchange.written <= bodies[i]!.limit.bytes + SLACK,
    })),
  ).toEqual(
    bodies.map(({ route, framing, limit }) => ({
      route,
      framing,
      status: 413,
      message: limit.message,
      closedByServer: true,
      withinLimit: true,
    })),
  );

  // 2. The three hostile files, each refused with its sentence; nothing stored for any of them.
  for (const file of hostileFiles()) {
    const answer = await upload(base, sender.cookie, file.filename, file.bytes);
    expect({ file: file.what, status: answer.status, message: messageOf(answer) }).toEqual({
      file: file.what,
      status: file.status,
      message: file.sentence,
    });
  }
  expect(await storedBy([sender.id])).toEqual({ lists: 0, recipients: 0 });

  // 3. Sixteen slow uploads, two from each of eight people: each sends its first 5,000 rows, then holds on. They are
  // held once the importer is storing every one of them (its first rows read, its list begun).
  const list = csvList(20_000);
  const [head, rest] = [list.subarray(0, 100_000), list.subarray(100_000)];
  const held = slow.flatMap((person, i) =>
    [0, 1].map((j) => holdUpload(base, person.cookie, `slow-${i}-${j}.csv`, head, rest)),
  );
  const keys = held.map((h) => h.progressKey);
  // A slow upload refused meanwhile (503 when the process's cap is full) ends the wait, and fails the probe.
  const refusedEarly = () => held.flatMap((h) => h.early() ?? []).map((a) => `${a.status} ${messageOf(a)}`);
  await waitFor(
    () => storingUploads(keys),
    (n) => n === 16 || refusedEarly().length > 0,
    120_000,
    "sixteen slow uploads being stored",
  );
  expect(refusedEarly()).toEqual([]);

  // The same person's third upload at once is refused with a sentence; a ninth person's list is stored meanwhile.
  const third = await upload(base, slow[0]!.cookie, "third.csv", csvList(10));
  expect({ status: third.status, message: messageOf(third) }).toEqual({
    status: 429,
    message: SLOT_REFUSALS.UPLOAD.user,
  });
  const normal = await upload(base, ninth.cookie, "normal.csv", csvList(1_000));
  expect(normal.status).toBe(201);
  expect(json(normal).list).toMatchObject({ rows: 1_000, valid: 1_000, filename: "normal.csv" });
  expect(await storingUploads(keys)).toBe(16); // they held on all along

  // Half of them finish and are stored whole; the other half go away and leave nothing behind.
  held.slice(8).forEach((h) => h.abort());
  const finished = await Promise.all(held.slice(0, 8).map((h) => h.finish()));
  expect(finished.map((answer) => [answer.status, (json(answer).list as { valid?: number })?.valid])).toEqual(
    Array.from({ length: 8 }, () => [201, 20_000]),
  );
  await waitFor(
    async () => ({
      storing: await storingUploads(keys),
      slots: (await pool().query(`SELECT 1 FROM "TransferSlot"`)).rowCount,
      leftBy: await storedBy(slow.slice(4).map((p) => p.id)),
    }),
    (state) => state.storing === 0 && state.slots === 0 && state.leftBy.lists === 0,
    60_000,
    "the abandoned uploads discarded and every slot free",
  );
  expect(await storedBy(slow.slice(0, 4).map((p) => p.id))).toEqual({ lists: 8, recipients: 8 * 20_000 });

  // 4. The log-in page answered every time throughout; memory stayed bounded; Tuma still serves.
  const polled = await login.stop();
  expect(polled.statuses.length).toBeGreaterThan(0);
  expect(polled.statuses.filter((status) => status !== 200)).toEqual([]);
  const peak = sum(memoryOf(processes), "peakMb");
  expect(peak).toBeLessThanOrEqual(baseline + GROWTH_MB);
  expect(tumaProcesses(console_.pid).map((p) => p.pid)).toEqual(processes.map((p) => p.pid)); // none restarted
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
  expect((await fetch(`${base}/login`)).status).toBe(200);
  expect((await upload(base, sender.cookie, "after.csv", csvList(100))).status).toBe(201);
}, 600_000);
