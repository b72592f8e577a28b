// How long a test's wait for the thing itself (a row, a line, a poll's value) may go on before it is called a hang:
// a bound against a hang only, as the suite's own test bound is (vitest.config.ts), never a time a quiet machine
// meets — bounds of 5–60 s failed on a machine loaded 25 deep while the thing was still on its way.
export const WAIT_BOUND_MS = 240_000;
