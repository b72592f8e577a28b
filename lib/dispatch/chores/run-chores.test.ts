// The chore loop: a failing chore is logged and the others go on; a chore with a backlog runs again without its
// pause; stopping waits for the chore in hand and runs nothing after it.
import { expect, test, vi } from "vitest";
import type { Chore } from "./chore";
import { runChores } from "./run-chores";
import { WAIT_BOUND_MS } from "@/test/wait-bound";

test("a failing chore is logged and the others go on; a backlog is worked off without the pause", async () => {
  const lines: string[] = [];
  let counted = 0;
  let backlog = 3;
  let backlogRuns = 0;
  const chores: Chore[] = [
    {
      name: "Breaking",
      everyMs: 10,
      run: async () => {
        throw new Error("boom");
      },
    },
    { name: "Counting", everyMs: 10, run: async () => void counted++ },
    // A pause of a minute: only running again at once (a backlog) gets it to four runs within the test.
    { name: "Draining", everyMs: 60_000, run: async () => (backlogRuns++, backlog-- > 0) },
  ];
  const loop = runChores(chores, (line) => lines.push(line));
  try {
    await vi.waitFor(() => expect(counted).toBeGreaterThanOrEqual(3), { timeout: WAIT_BOUND_MS });
    await vi.waitFor(() => expect(backlogRuns).toBe(4), { timeout: WAIT_BOUND_MS });
    expect(lines.filter((line) => line === "Breaking failed: boom").length).toBeGreaterThanOrEqual(3);
  } finally {
    await loop.stop();
  }
  expect(backlogRuns).toBe(4); // then its minute's pause
});

test("stop waits for the chore in hand and runs nothing after it", async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  let finished = 0;
  const loop = runChores(
    [
      {
        name: "Slow",
        everyMs: 0,
        run: async () => {
          started++;
          await gate;
          finished++;
        },
      },
    ],
    () => {},
  );
  await vi.waitFor(() => expect(started).toBe(1));
  let stopped = false;
  const stopping = loop.stop().then(() => (stopped = true));
  await Promise.resolve();
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect({ started, finished }).toEqual({ started: 1, finished: 1 });
});
