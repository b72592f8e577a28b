// A start-up failure with one sentence an operator can act on; the start scripts print it without a stack trace.
export class StartupError extends Error {
  override name = "StartupError";
}
