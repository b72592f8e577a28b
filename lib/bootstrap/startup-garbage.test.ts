// A quiet server collects its garbage once per quiet spell: after its start, and after requests end — never while one
// is in flight, never again until another request came. `gc` is counted (the programs get V8's with --expose-gc).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, test } from "vitest";
import { collectWhenQuiet } from "./startup-garbage";

const QUIET_MS = 20;
let collected = 0;
(globalThis as { gc?: () => void }).gc = () => void collected++;
let release: () => void = () => {};
const server = http.createServer((_request, response) => {
  release = () => response.end("done");
});
collectWhenQuiet(server, QUIET_MS);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

afterAll(async () => {
  delete (globalThis as { gc?: () => void }).gc;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Until `collected` reaches `count`. */
async function collections(count: number): Promise<void> {
  while (collected < count) await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
}

/** Several quiet spells' time: a collection due in them would have run (timers may only be late, never early). */
const severalSpells = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS * 10));

test("once after the start, once after the requests end, never during one, never twice in one quiet spell", async () => {
  await collections(1);
  await severalSpells();
  expect(collected).toBe(1);
  const answer = fetch(url).then((response) => response.text());
  await new Promise<void>((resolve) => server.once("request", () => resolve()));
  await severalSpells();
  expect(collected).toBe(1); // a request in flight holds it back
  release();
  expect(await answer).toBe("done");
  await collections(2);
  await severalSpells();
  expect(collected).toBe(2);
});
