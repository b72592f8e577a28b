// Per-file setup: each test file gets its own database, cloned from the migrated template, as DATABASE_URL.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { cloneTemplate } from "./clone-template";

const template = inject("pgServerUrlTemplate");
const name = `t_${randomBytes(6).toString("hex")}`;
process.env.DATABASE_URL = await cloneTemplate((db) => template.replace("__DB__", db), name);
process.env.TUMA_ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
process.env.NEXTAUTH_SECRET ??= "test-secret-that-is-at-least-32-characters";
