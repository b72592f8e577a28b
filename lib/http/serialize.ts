// What a value becomes on its way to the browser as JSON, as a type and as a function: dates become ISO strings
// (the rest of Tuma's DTOs are already JSON). Pages pass their first render the same shape the live API returns,
// without a JSON.parse(JSON.stringify()) round trip that erases the type.
export type Serialized<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Serialized<U>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;

export function serialize<T>(value: T): Serialized<T> {
  return convert(value) as Serialized<T>;
}

function convert(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(convert);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, convert(inner)]));
  }
  return value;
}
