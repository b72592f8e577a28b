/**
 * Command-line flags of `npm run sandbox`: --port, --host, --client-id, and one flag per knob in kebab case
 * (--rate-limit 0, --latency-ms 20-80, --receipt-failure-rate 0.1, --no-receipts, --sms-failure-statuses
 * DeliveryImpossible,DeliveryUncertain, --sms-status-mix DeliveredToTerminal:80,AbsentSubscriber:20,
 * --invalid-entries per_entry, …), or all at once as --knobs '<json>' (what
 * a program that starts the sandbox passes; single flags win over it). Values go through the knob schema.
 */
import { DEFAULT_KNOBS, knobsPatchSchema, type Knobs, type KnobsPatch } from "./knobs";

export interface SandboxCli {
  port: number;
  host: string;
  clientId?: string;
  knobs: KnobsPatch;
  help: boolean;
}

/** receiptDelayMs → receipt-delay-ms, error503Rate → error-503-rate. */
const kebab = (key: string): string =>
  key.replace(/([a-z])(\d)/g, "$1-$2").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const KNOB_BY_FLAG = new Map<string, keyof Knobs>(
  (Object.keys(DEFAULT_KNOBS) as Array<keyof Knobs>).map((key) => [kebab(key), key]),
);

export function parseSandboxArgs(argv: readonly string[]): SandboxCli {
  const cli: SandboxCli = { port: 4010, host: "127.0.0.1", knobs: {}, help: false };
  const raw: Record<string, unknown> = {};
  let fromJson: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") {
      cli.help = true;
      continue;
    }
    if (!arg.startsWith("--")) throw new Error(`Unexpected argument "${arg}".`);
    const eq = arg.indexOf("=");
    let name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    let inline: string | undefined = eq >= 0 ? arg.slice(eq + 1) : undefined;
    if (name.startsWith("no-") && KNOB_BY_FLAG.has(name.slice(3))) {
      name = name.slice(3);
      inline = "false";
    }
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith("--")) throw new Error(`--${name} needs a value.`);
      i += 1;
      return next;
    };
    if (name === "port") cli.port = Number(takeValue());
    else if (name === "host") cli.host = takeValue();
    else if (name === "client-id") cli.clientId = takeValue();
    else if (name === "knobs") fromJson = parseKnobsJson(takeValue());
    else {
      const key = KNOB_BY_FLAG.get(name);
      if (!key) throw new Error(`Unknown flag --${name}. Try --help.`);
      const sample = DEFAULT_KNOBS[key];
      if (typeof sample === "boolean") raw[key] = inline === undefined ? true : inline !== "false";
      else raw[key] = convert(sample, takeValue(), key);
    }
  }
  if (!Number.isInteger(cli.port) || cli.port < 0 || cli.port > 65535) throw new Error("--port must be 0–65535.");
  const parsed = knobsPatchSchema.safeParse({ ...fromJson, ...raw });
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `--${kebab(String(i.path[0] ?? ""))}: ${i.message}`).join("\n"));
  }
  cli.knobs = parsed.data;
  return cli;
}

function parseKnobsJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error("--knobs must be a JSON object of knobs.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("--knobs must be a JSON object of knobs.");
  return value as Record<string, unknown>;
}

/**
 * Converts a flag's text to the type of the knob's default: number, "min-max" range, list, "key:value,…" record
 * (values numeric for the status mixes: "DeliveredToTerminal:80,AbsentSubscriber:20"), or enum text.
 */
function convert(sample: Knobs[keyof Knobs], text: string, key: keyof Knobs): unknown {
  // Knobs that are off by default (null): "none" turns them off again.
  if (key === "unitsBalance") return text === "none" ? null : Number(text);
  if (key === "voiceLanguageField") return text === "none" ? null : text;
  if (key === "voiceLanguages")
    return text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof sample === "number") return Number(text);
  if (typeof sample === "object" && !Array.isArray(sample)) {
    const numeric = key !== "statusByPhone";
    return Object.fromEntries(
      text
        .split(",")
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => {
          const at = pair.lastIndexOf(":");
          const value = pair.slice(at + 1).trim();
          return at < 0 ? [pair, numeric ? 1 : ""] : [pair.slice(0, at).trim(), numeric ? Number(value) : value];
        }),
    );
  }
  if (Array.isArray(sample) && typeof sample[0] === "number") {
    const parts = text.split(/[-,:]/).map(Number);
    return parts.length === 1 ? [parts[0], parts[0]] : parts;
  }
  if (Array.isArray(sample))
    return text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return text;
}

export function sandboxUsage(): string {
  const knobs = [...KNOB_BY_FLAG.entries()]
    .map(([flag, key]) => `  --${flag.padEnd(26)} default ${JSON.stringify(DEFAULT_KNOBS[key])}`)
    .join("\n");
  return [
    "Usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--client-id sandbox] [--knobs '<json>'] [knob flags]",
    "Token: SANDBOX_TOKEN from the environment, else a generated one (printed).",
    "Knobs (booleans also take --no-<flag>; ranges are min-max milliseconds):",
    knobs,
  ].join("\n");
}
