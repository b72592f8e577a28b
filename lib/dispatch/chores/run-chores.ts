// Runs a worker's chores one after another, each when its pause is over, on one loop: a sweep uses one database
// connection at a time, however many chores it has. A chore that fails is logged and tried again at its next turn;
// the others go on. Stopping wakes the loop at once and waits for the chore in hand.
import "server-only";
import { injectedCrash } from "@/lib/bootstrap/injected-crash";
import type { Chore, ChoreLog } from "./chore";

export type ChoreLoop = { stop: () => Promise<void> };

export function runChores(chores: readonly Chore[], log: ChoreLog): ChoreLoop {
  const due = new Map<Chore, number>(chores.map((chore) => [chore, 0]));
  let running = true;
  let wake: () => void = () => {};

  async function loop(): Promise<void> {
    while (running) {
      for (const chore of chores) {
        if (!running) return;
        if (Date.now() < due.get(chore)!) continue;
        let again = false;
        // Tests only (lib/bootstrap/injected-crash.ts): a fault outside the try, which ends the loop and the worker.
        injectedCrash("worker-chore");
        try {
          again = (await chore.run(log)) === true;
        } catch (error) {
          log(`${chore.name} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        due.set(chore, again ? 0 : Date.now() + chore.everyMs);
      }
      const wait = Math.min(...due.values()) - Date.now();
      if (wait > 0 && running)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  }

  const done = loop();
  return {
    stop: async () => {
      running = false;
      wake();
      await done;
    },
  };
}
