// A message template's {{placeholders}} filled in from one row of a list. Pure and single-pass: a value is put in as
// the plain text it is (no HTML, no escaping, and a value that itself looks like {{x}} is not expanded again).
// A placeholder matches a column by name with case and runs of spaces ignored ({{ First  Name }} is "first name");
// one that names no column is reported before anything is sent; an empty value is rendered as nothing and counted.

export type CompiledTemplate = {
  /** Placeholders as written in the template (trimmed), once each, in order. */
  placeholders: string[];
  /** Placeholders that name no column of the list. A batch with any of these is refused. */
  unknown: string[];
  /** False when the template has no placeholder: every recipient gets the template as is. */
  personalised: boolean;
  /** How many placeholders are filled in (a name used twice counts twice). */
  slots: number;
  /** The list column each filled placeholder takes its value from, in order (a name used twice is here twice). */
  columns: number[];
  /** The literal text around the filled placeholders: one more than `columns` (SQL renders with these too). */
  literals: string[];
  /** The text for one row (`values` in the order of the list's columns) and the placeholders it left empty. */
  render: (values: readonly (string | undefined)[]) => { text: string; empty: string[] };
};

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** How a placeholder or a column name is compared. */
export function placeholderKey(name: string): string {
  return name.replace(/\s+/g, " ").trim().toLowerCase();
}

export function compileTemplate(template: string, columns: readonly string[]): CompiledTemplate {
  const columnIndex = new Map<string, number>();
  columns.forEach((column, i) => {
    const key = placeholderKey(column);
    if (!columnIndex.has(key)) columnIndex.set(key, i);
  });
  // The template as alternating literal text and column indexes.
  const literals: string[] = [];
  const slots: { index: number; name: string }[] = [];
  const placeholders: string[] = [];
  const unknown: string[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1]!.replace(/\s+/g, " ").trim();
    const index = columnIndex.get(placeholderKey(name));
    if (!placeholders.includes(name)) placeholders.push(name);
    if (index === undefined) {
      if (!unknown.includes(name)) unknown.push(name);
      continue;
    }
    literals.push(template.slice(last, match.index));
    slots.push({ index, name });
    last = match.index + match[0].length;
  }
  literals.push(template.slice(last));

  return {
    placeholders,
    unknown,
    personalised: slots.length > 0,
    slots: slots.length,
    columns: slots.map((slot) => slot.index),
    literals,
    render(values) {
      let text = literals[0]!;
      const empty: string[] = [];
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        const value = values[slot.index] ?? "";
        if (value.trim() === "" && !empty.includes(slot.name)) empty.push(slot.name);
        text += value + literals[i + 1]!;
      }
      return { text, empty };
    },
  };
}
