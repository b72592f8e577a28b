// The child's side of `npm start`'s supervision (supervisor.ts): says when it is ready (an IPC message), stops cleanly
// on SIGTERM, and stops when its supervisor is gone (the IPC channel closes, even after a kill -9 of `npm start`), so
// nothing outlives it holding a port. SIGINT is left to the supervisor: a Ctrl-C in a terminal reaches every process
// of the group at once, and the supervisor then stops them one by one, in order. Run alone (no IPC channel: `npm
// run worker`), SIGINT stops the process like SIGTERM.
//
// A part run as a thread of the supervisor (thread-child.ts) says it is ready, and hears it must stop, over its
// message port instead; it cannot outlive the supervisor, whose process it is part of.
import { isMainThread, parentPort } from "node:worker_threads";
import { isStopMessage, SUPERVISED_READY } from "./supervisor-messages";
import { releaseStartupGarbage } from "./startup-garbage";

export function superviseSelf(stop: () => Promise<void>): { ready: () => void } {
  let stopping: Promise<void> | undefined;
  const stopOnce = (): void => {
    stopping ??= stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  if (!isMainThread && parentPort) {
    const port = parentPort;
    port.on("message", (message: unknown) => isStopMessage(message) && stopOnce());
    return {
      ready: () => {
        port.postMessage(SUPERVISED_READY);
        releaseStartupGarbage();
      },
    };
  }
  const supervised = typeof process.send === "function";
  process.on("SIGTERM", stopOnce);
  process.on("SIGINT", supervised ? () => {} : stopOnce);
  if (supervised) process.on("disconnect", stopOnce);
  return {
    ready: () => {
      process.send?.(SUPERVISED_READY);
      releaseStartupGarbage();
    },
  };
}
