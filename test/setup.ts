// Per-file setup: each test file gets its own database, cloned from the migrated template, as DATABASE_URL.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { cloneTemplate } from "./clone-template";
import { WAIT_BOUND_MS } from "./wait-bound";

const template = inject("pgServerUrlTemplate");
const name = `t_${randomBytes(6).toString("hex")}`;
process.env.DATABASE_URL = await cloneTemplate((db) => template.replace("__DB__", db), name);
process.env.TUMA_ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
process.env.NEXTAUTH_SECRET ??= "test-secret-that-is-at-least-32-characters";
// A wait for a free database connection is a hang guard here, as every wait in a test is (wait-bound.ts): the
// default 10 s is a time a quiet machine meets, and in a pair of whole suites beside a CPU hog an API call or a
// chunk's record waited longer for its connection's handshake and failed a test (ci22). The tests of the bound itself
// set theirs (lib/db/pool-timeout.test.ts and others: 1 s).
process.env.DATABASE_POOL_TIMEOUT_SECONDS ??= String(WAIT_BOUND_MS / 1000);
