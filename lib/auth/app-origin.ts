// The console's own origin, as browsers reach it (NEXTAUTH_URL; `npm start` defaults it to http://localhost:$PORT).
import "server-only";
import { env } from "@/lib/env";

export function appOrigin(): string {
  const { NEXTAUTH_URL, PORT } = env();
  return new URL(NEXTAUTH_URL ?? `http://localhost:${PORT}`).origin;
}
