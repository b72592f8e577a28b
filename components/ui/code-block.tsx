// JSON and other machine text as it came: monospace, wrapped inside its own box (never widening the page at 390 px).
import { cx } from "./cx";

export function CodeBlock({ children, className, label }: { children: string; className?: string; label?: string }) {
  return (
    <pre
      aria-label={label}
      className={cx(
        "max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 whitespace-pre-wrap break-all",
        className,
      )}
    >
      <code>{children}</code>
    </pre>
  );
}

/** Pretty-printed JSON of a value, or of JSON text (shown as it is when it does not parse). */
export function prettyJson(value: unknown): string {
  if (typeof value !== "string") return JSON.stringify(value, null, 2);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}
