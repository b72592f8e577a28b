// What a supervised child and its supervisor say to each other (supervised.ts ↔ supervisor.ts): over the IPC channel
// for a child process, over the message port for a thread (thread-child.ts).
export const SUPERVISED_READY = { type: "ready" } as const;
/** To a thread only: a process is told to stop with SIGTERM, which threads do not receive. */
export const SUPERVISED_STOP = { type: "stop" } as const;

export function isReadyMessage(message: unknown): boolean {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "ready";
}

export function isStopMessage(message: unknown): boolean {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "stop";
}
