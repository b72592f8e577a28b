// When a recorded chunk's undelivered SMS fall due for a call: the time its request was sent plus the batch's
// escalateAfterMinutes, or null for a batch without escalation (docs/escalation.md). Set in the statement that closes
// the chunk (lib/dispatch/record.ts), so a chunk is never DONE without its deadline; `b` is the chunk's batch.
export function escalateAtSql(sentAt: string): string {
  return `"escalateAt" = ${sentAt} + make_interval(mins => b."escalateAfterMinutes")`;
}
