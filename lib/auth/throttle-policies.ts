// The log-in throttle's numbers (login-throttle.ts says why each), apart from the code that reads and writes the
// counters: the worker's sweep (forget-login-failures.ts) needs the windows without loading the Prisma client.
export type ThrottlePolicy = { maxFailures: number; windowMs: number; lockMs: number };

const MINUTE = 60_000;
export const PAIR_POLICY: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
export const CLIENT_POLICY: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
