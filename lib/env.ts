// Every environment variable Tuma reads, validated with zod when a process starts (start-up, worker, test runner)
// and then read through env(), which parses once and caches. Documented in .env.example. Two values are read where
// they are used instead, because start-up itself provides them after parsing: DATABASE_URL for the embedded
// database (lib/db/url.ts) and the generated TUMA_ENCRYPTION_KEY (lib/crypto/encryption-key.ts).
// Server-only by nature: nothing here is exposed to the browser (there are no NEXT_PUBLIC_ variables).
import { z } from "zod";
import { parseProxyList } from "@/lib/client-address/client-address";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/password-length";

const port = z.coerce.number().int().min(1).max(65_535);
const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"])
  .transform((value) => ["1", "true", "on", "yes"].includes(value));
const postgresUrl = z
  .string()
  .refine(
    (value) => /^postgres(ql)?:\/\/[^/]+\/[^/?]+/.test(value),
    "must look like postgresql://user:password@host:5432/database",
  );

export const envSchema = z.object({
  // Database
  DATABASE_URL: postgresUrl.optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  TUMA_DATA_DIR: z.string().min(1).default(".data"),
  /** How long a query waits for a free connection from a pool before it fails with "the database is busy" (503). */
  DATABASE_POOL_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /**
   * All the connections one Tuma process may hold together, whatever pools it opens inside (split by
   * lib/db/connection-budget.ts). Size PostgreSQL for processes × this + DATABASE_CONNECTION_RESERVE.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(6).max(1000).default(10),
  /** Connections a process leaves free at start (for psql, backups, a restart overlapping its predecessor). */
  DATABASE_CONNECTION_RESERVE: z.coerce.number().int().min(0).max(1000).default(5),
  /**
   * DATABASE_URL leads to PgBouncer (session mode): session settings are made by SET instead of the startup options
   * it refuses, and the start-up room check, which would count PgBouncer's connections, is left to it (docs/scaling.md).
   */
  DATABASE_PGBOUNCER: flag.default(false),

  // Web server
  PORT: port.default(3000),
  HOSTNAME: z.string().min(1).default("0.0.0.0"),
  /** Where browsers reach the console; next-auth needs it for redirects. */
  NEXTAUTH_URL: z.url().optional(),
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** Sessions also end after this many minutes without a request (lib/auth/session-activity.ts). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  /**
   * The reverse proxies in front of the console (addresses or CIDR ranges, comma-separated): X-Forwarded-For is read
   * only from a connection from one of them. Log-ins are throttled per client (lib/client-address/client-address.ts).
   */
  TRUSTED_PROXIES: z
    .string()
    .superRefine((value, context) => {
      const parsed = parseProxyList(value);
      if (!parsed.ok)
        context.addIssue({ code: "custom", message: `"${parsed.bad}" is neither an IP address nor a CIDR range` });
    })
    .optional(),
  /** How many of them stand in a chain (X-Forwarded-For entries read from the right); 1 when TRUSTED_PROXIES is set. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).optional(),
  /**
   * An export whose client asks for nothing more for this long is ended and its slot freed (lib/fair-share/held-stream.ts),
   * and any response whose client reads nothing for this long has its connection closed (lib/web-server/stalled-responses.ts):
   * a client that stays connected but stops reading would otherwise hold them for ever.
   */
  EXPORT_STALL_SECONDS: z.coerce.number().positive().max(86_400).default(180),

  // Importer (the process that reads uploaded lists; `npm start` runs one beside its web process)
  /** Its loopback port; 0 picks a free one at start. */
  IMPORTER_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** Where the web process hands uploads on to, and the secret both share: set by `npm start` for its children. */
  IMPORTER_URL: z.url().optional(),
  IMPORTER_SECRET: z.string().min(32, "must be at least 32 characters").optional(),

  // Secrets at rest
  /** 32 bytes, base64: encrypts provider tokens (AES-256-GCM). Generated into the data directory when unset. */
  TUMA_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, "base64").length === 32, "must be 32 bytes encoded as base64")
    .optional(),

  // First administrator (created on the first start when there are no users)
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
    .optional(),

  // Embedded sandbox provider
  SANDBOX: flag.default(true),
  SANDBOX_PORT: port.default(4010),
  /**
   * The host name the embedded sandbox listens on, and which the Sandbox account's address names. Loopback unless
   * workers in other containers must reach it (compose.yaml: the console's service name, on its private network).
   */
  SANDBOX_HOST: z
    .string()
    .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/, "must be a host name or an IPv4 address")
    .default("127.0.0.1"),
  SANDBOX_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * With SANDBOX off, the console must be reached over https (NEXTAUTH_URL): this says a plain-http one is meant
   * (a closed network, a trial). Passwords and session cookies then cross the network unencrypted.
   */
  ALLOW_INSECURE_HTTP: flag.default(false),

  // Delivery receipts and dispatch
  /** Base URL the provider posts delivery receipts to; defaults to this console on loopback. */
  RECEIPT_BASE_URL: z.url().optional(),
  NO_RECEIPT_AFTER_HOURS: z.coerce.number().positive().default(48),
  /** Messages and receipts older than this many months are dropped, a week at a time; 0 keeps them for ever. */
  RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(13),
  /** Run a dispatch worker process beside the web process (`npm start`); `npm run worker` runs more of them. */
  WORKER: flag.default(true),
  /** Requests a worker keeps in flight at once (its "lanes"). */
  WORKER_LANES: z.coerce.number().int().min(1).max(200).default(48),
  /** Past this many seconds without an answer, a request's outcome is unknown (never resent automatically). */
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /**
   * host:port pairs (comma-separated) that webhooks may reach although they resolve to private or loopback addresses
   * (lib/webhooks/address-policy.ts): for tests and local development. Administrators can allow more on the Webhooks page.
   */
  WEBHOOK_ALLOW_HOSTS: z.string().optional(),
  /** Requests each API key may make per minute (lib/api/rate-limit.ts); 429 with Retry-After past it. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Requests all of one user's API keys together may make per minute: more keys do not buy more requests. */
  API_RATE_LIMIT_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  // Metrics (lib/metrics/serve-metrics.ts; README.md, "Metrics")
  /** Enables GET /metrics for a scraper that sends it as a bearer token; unset, there are no metrics. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** A worker's or importer's own metrics port, when it runs on its own (`npm start` chooses loopback ports). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** The address METRICS_PORT listens on; loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
});

export type Env = z.infer<typeof envSchema>;

export const INSECURE_CONSOLE_URL =
  "must be the console's https address when SANDBOX is off (a real deployment): over http, passwords and session " +
  "cookies cross the network unencrypted. Put TLS in front of the console and set its https address here, or set " +
  "ALLOW_INSECURE_HTTP=on to run it over plain http anyway";

/** The rules between variables. */
const checkedEnvSchema = envSchema.superRefine((value, context) => {
  // Unset, the console's address is http://localhost:$PORT (programs/start.ts): http too.
  if (!value.SANDBOX && !value.ALLOW_INSECURE_HTTP && !value.NEXTAUTH_URL?.startsWith("https://"))
    context.addIssue({ code: "custom", path: ["NEXTAUTH_URL"], message: INSECURE_CONSOLE_URL });
  // Once TRUST_PROXY alone trusted X-Forwarded-For from any client, who could then pick a new address per guess.
  if ((value.TRUST_PROXY ?? 0) > 0 && value.TRUSTED_PROXIES === undefined)
    context.addIssue({
      code: "custom",
      path: ["TRUST_PROXY"],
      message:
        "X-Forwarded-For is read only from known proxies: set TRUSTED_PROXIES to their addresses too (127.0.0.1,::1 for a proxy on this machine)",
    });
  if (receiptUrlInClear(value))
    context.addIssue({
      code: "custom",
      path: ["RECEIPT_BASE_URL"],
      message:
        "must start with https:// when SANDBOX is off: the provider sends each receipt to it with the account's receipt secret in the path, which http shows to every network on the way",
    });
});

/**
 * The provider posts every receipt to RECEIPT_BASE_URL with the account's receipt secret in the path: over http the
 * secret (the callback's only credential) is readable on every network between, and with it anyone can post receipts
 * (docs/design.md §3). Against a real provider (SANDBOX off) it must be https; http is left for a loopback address,
 * which only a provider on this machine (a test or benchmark sandbox) can reach.
 */
function receiptUrlInClear(value: Env): boolean {
  if (value.SANDBOX || value.RECEIPT_BASE_URL === undefined) return false;
  const url = new URL(value.RECEIPT_BASE_URL);
  if (url.protocol === "https:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return !(host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host));
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment; on failure throws one readable sentence per bad variable, naming it. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "unset" (a common result of `VAR=` in shells and .env files).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = checkedEnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const sentences = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const shown =
      name.includes("SECRET") ||
      name.includes("PASSWORD") ||
      name.includes("KEY") ||
      name.includes("TOKEN") ||
      name === "DATABASE_URL" ||
      cleaned[name] === undefined
        ? ""
        : ` (got "${String(cleaned[name])}")`;
    return `Environment variable ${name} is invalid: ${issue.message}${shown}.`;
  });
  throw new EnvError(sentences.join("\n"));
}

let cached: Env | undefined;
/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
