/**
 * Validation failures rendered the way Laravel-style APIs (which the spec's "Unauthenticated." body
 * suggests) render them: a first message for humans, and `errors` keyed by field path for programs.
 */
import type { z } from "zod";

/** Field-level wording, e.g. "The phone field is required.", applied where a schema has no own message. */
export const fieldMessages: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path && issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : "body";
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? `The ${field} field is required.`
        : `The ${field} field must be ${issue.expected === "int" ? "an integer" : `a ${issue.expected}`}.`;
    case "too_small":
      return issue.origin === "string"
        ? issue.minimum === 1
          ? `The ${field} field is required.`
          : `The ${field} field must be at least ${String(issue.minimum)} characters.`
        : `The ${field} field must be at least ${String(issue.minimum)}.`;
    case "too_big":
      return issue.origin === "string"
        ? `The ${field} field must not be greater than ${String(issue.maximum)} characters.`
        : `The ${field} field must not be greater than ${String(issue.maximum)}.`;
    case "invalid_union":
    case "invalid_value":
      return `The selected ${field} is invalid.`;
    default:
      return undefined;
  }
};

export function collectErrors(
  issues: readonly z.core.$ZodIssue[],
  prefix: string,
  into: Record<string, string[]>,
): Record<string, string[]> {
  for (const issue of issues) {
    const key = prefix + (issue.path.length > 0 ? issue.path.map(String).join(".") : "body");
    (into[key] ??= []).push(issue.message);
  }
  return into;
}

/** "The phone field is required. (and 2 more errors)", Laravel's summary line. */
export function summary(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? "The given data was invalid.";
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more === 1 ? "" : "s"})` : first;
}
