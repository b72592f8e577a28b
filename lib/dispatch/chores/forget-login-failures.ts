// Log-in failure counters whose window is over and whose lock is not in force are deleted (lib/auth/forget-login-failures.ts).
// They harm nobody for a while: every ten minutes, not every second.
import "server-only";
import { forgetExpiredLoginFailures } from "@/lib/auth/forget-login-failures";
import type { Chore } from "./chore";

export const forgetLoginFailuresChore: Chore = {
  name: "Forgetting expired log-in failures",
  everyMs: 10 * 60_000,
  run: async () => {
    await forgetExpiredLoginFailures();
  },
};
