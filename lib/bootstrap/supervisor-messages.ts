// What a supervised child says to its supervisor over the IPC channel (supervised.ts → supervisor.ts).
export const SUPERVISED_READY = { type: "ready" } as const;

export function isReadyMessage(message: unknown): boolean {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "ready";
}
