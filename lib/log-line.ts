// One log record (pino's JSON) as a person reads it in a terminal: the sentence, "Warning:"/"Error:" in front when it
// is one, the error's message after it and, for errors, where it came from. No time: the terminal shows lines as they
// happen, and a time a person sees would have to name its zone.
const LEVEL_WORD: [number, string][] = [
  [50, "Error: "],
  [40, "Warning: "],
];
/** Fields every record carries, or that the sentence already says. */
const PLUMBING = new Set(["level", "time", "pid", "hostname", "app", "msg", "err", "component"]);

type LoggedError = { message?: unknown; stack?: unknown };

export function humanLine(record: Record<string, unknown>): string {
  const level = typeof record.level === "number" ? record.level : 30;
  const prefix = LEVEL_WORD.find(([at]) => level >= at)?.[1] ?? "";
  const err = (typeof record.err === "object" && record.err !== null ? record.err : null) as LoggedError | null;
  const message = typeof record.msg === "string" ? record.msg : "";
  const errorMessage = typeof err?.message === "string" ? err.message : "";
  let line = prefix + [message, errorMessage].filter(Boolean).join(": ");
  const context = Object.entries(record).filter(([key]) => !PLUMBING.has(key));
  if (context.length > 0) {
    line += ` (${context.map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`).join(", ")})`;
  }
  if (level >= 50 && typeof err?.stack === "string") {
    const frames = err.stack.split("\n").filter((frame) => /^\s+at /.test(frame));
    if (frames.length > 0) line += `\n${frames.join("\n")}`;
  }
  return `${line}\n`;
}
