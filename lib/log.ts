// The process's logger: pino, JSON lines on stdout, at LOG_LEVEL. One instance per process, made on first use so
// that importing a module never reads the environment.
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";

let instance: Logger | undefined;

export function logger(): Logger {
  instance ??= pino({
    level: env().LOG_LEVEL,
    base: { app: "tuma" },
    redact: ["token", "authorization", "*.token", "*.authorization"],
  });
  return instance;
}
