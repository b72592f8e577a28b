// The database URL of this process. Start-up (programs/start.ts) sets DATABASE_URL for the embedded database too,
// so by the time anything queries, it is always there.
export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start Tuma with `npm start`, which provides one.");
  return url;
}
