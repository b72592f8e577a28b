// What a well-formed JSON receipt can still carry that PostgreSQL or a recursive walk cannot take: a NUL character
// in a string (text columns refuse it), or nesting so deep that serialising it again overflows the stack. Both are
// bad input (400), never a reason to ask the provider to retry.

/** Deeper than any receipt needs; an extra field the provider adds is kept, a pathological one is refused. */
export const MAX_DEPTH = 32;

/** A sentence naming the first hazard found, or null. Iterative, so a deep value cannot overflow it either. */
export function jsonHazard(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\0")) return "a value contains a NUL character (\\u0000)";
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_DEPTH) return `it is nested more than ${MAX_DEPTH} levels deep`;
    for (const [key, inner] of Object.entries(current)) {
      if (key.includes("\0")) return "a field name contains a NUL character (\\u0000)";
      stack.push({ value: inner, depth: depth + 1 });
    }
  }
  return null;
}
