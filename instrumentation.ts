// Runs once when a Next server process starts: refuse to serve with a malformed environment.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { parseEnv } = await import("@/lib/env");
  parseEnv();
}
