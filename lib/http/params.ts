// Path and query parameters shared by route handlers: one schema each, so every route reads them the same way.
import { z } from "zod";

export const uuidParam = z.uuid();
/** A keyset cursor: a message id (bigint) as digits. */
export const cursorParam = z.string().regex(/^\d{1,19}$/, "The cursor must be a message id.");

export const batchParams = z.object({ id: uuidParam });

/** An optional query or form value: an empty one ("filter=") means not given, and a bad one keeps its own message. */
export function optionalParam<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}
