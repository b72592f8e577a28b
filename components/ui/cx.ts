// Joins class names, dropping the falsy ones: the primitives take a `className` that extends, never replaces, theirs.
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
