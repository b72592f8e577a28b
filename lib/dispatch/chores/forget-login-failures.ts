// Log-in failure counters whose window is over and whose lock is not in force are deleted (lib/auth/login-throttle.ts).
// They harm nobody for a while: every ten minutes, not every second.
import "server-only";
import { forgetExpiredLoginFailures } from "@/lib/auth/login-throttle";
import type { Chore } from "./chore";

export const forgetLoginFailuresChore: Chore = {
  name: "Forgetting expired log-in failures",
  everyMs: 10 * 60_000,
  run: async () => {
    await forgetExpiredLoginFailures();
  },
};
