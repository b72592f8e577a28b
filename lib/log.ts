// The process's logger: pino at LOG_LEVEL, on stdout. In a terminal each record is a short sentence (log-line.ts);
// anywhere else (`npm start | cat`, a service manager, production) it is a JSON line for machines. One instance per
// process, made on first use so that importing a module never reads the environment.
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";
import { humanLine } from "@/lib/log-line";

/** Where log lines go: a stream, which says whether it is a terminal. */
export type LogOutput = { write: (text: string) => unknown; isTTY?: boolean };

let instance: Logger | undefined;

export function logger(): Logger {
  instance ??= createLogger(env().LOG_LEVEL, process.stdout);
  return instance;
}

/**
 * An error as pino serialises it, without the objects some libraries hang on it: `pg` attaches the connection's
 * client to an idle connection's error, and pino's serializer wrote all of it (its buffers, queues and connection
 * parameters) into one log line of several kilobytes.
 */
function serializeError(error: Error): Record<string, unknown> {
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  // Arrays stay (a validation error's issues); a nested error stays as pino serialised it (cause).
  for (const [key, value] of Object.entries(serialized))
    if (key !== "cause" && value !== null && typeof value === "object" && !Array.isArray(value)) delete serialized[key];
  return serialized;
}

export function createLogger(level: string, out: LogOutput): Logger {
  const options = {
    level,
    base: { app: "tuma" },
    redact: ["token", "authorization", "*.token", "*.authorization"],
    serializers: { err: serializeError },
  };
  if (!out.isTTY) return pino(options, out);
  // pino writes each record as one JSON line, synchronously; a terminal gets the sentence instead.
  return pino(options, { write: (json: string) => out.write(humanLine(JSON.parse(json) as Record<string, unknown>)) });
}
