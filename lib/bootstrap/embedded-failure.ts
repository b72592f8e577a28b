// One sentence saying what to do when the embedded PostgreSQL cannot start, whatever went wrong underneath (a busy
// port, files the database's user cannot reach, a failed initialisation): printed instead of a stack trace.
export function explainEmbeddedFailure(error: unknown, dataDir: string): string {
  const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0]?.replace(/\.$/, "") ?? "";
  const elsewhere = "or set DATABASE_URL to use an existing PostgreSQL server";
  if (/port .* in use/i.test(reason)) return `${reason}: set EMBEDDED_PG_PORT to a free port, ${elsewhere}.`;
  if (/EACCES|EPERM|permission denied/i.test(reason)) {
    return `The embedded PostgreSQL could not reach its files (${reason}): make ${dataDir} writable by the user running Tuma, ${elsewhere}.`;
  }
  return `The embedded PostgreSQL could not start (${reason}): check the messages above and the free space for ${dataDir}, ${elsewhere}.`;
}
