// A console page's search params, read one way (issue 37): the filter a page keeps in its URL is a zod object of the
// fields below; a bad value is answered with its sentence and the whole filter ignored (the page is then shown
// unfiltered, never an error page); a value outside the filter that a page reads on its own (a second cursor, a
// list of statuses) is dropped without a word when bad. The links a page builds to itself carry the filter's
// values, blank ones left out. Built on optionalParam (params.ts): a form's empty field means "not given".
import { z } from "zod";
import { optionalParam } from "./params";

/** What a page component receives as `searchParams`. */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Free text, trimmed, at most `max` characters (the sentence when longer). */
export const queryText = (max: number, message: string) => optionalParam(z.string().trim().max(max, message));

/** One of `values` (the sentence for anything else). */
export const queryEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  optionalParam(z.enum(values, { error: message }));

/** A keyset cursor: a row id (a bigint, as digits) or a uuid (the sentence for anything else). */
export const queryCursor = (kind: "id" | "uuid", message: string) =>
  optionalParam(kind === "uuid" ? z.uuid(message) : z.string().regex(/^\d{1,19}$/, message));

export type PageQuery<T> = {
  /** The filter's values, or none of them when one is bad. */
  filter: Partial<T>;
  /** The sentence a bad value gets, ending "The filter was ignored."; null when the filter is good. */
  error: string | null;
  /** A value outside the filter: undefined when absent, blank or bad. */
  param<S extends z.ZodType>(name: string, schema: S): z.output<S> | undefined;
};

/** Reads a page's search params: `schema` is its filter (a value given twice is ignored, as if absent). */
export async function readPageQuery<T extends object>(
  searchParams: PageSearchParams,
  schema: z.ZodType<T>,
): Promise<PageQuery<T>> {
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = schema.safeParse(raw);
  return {
    filter: parsed.success ? parsed.data : {},
    error: parsed.success ? null : `${parsed.error.issues.map((i) => i.message).join(" ")} The filter was ignored.`,
    param: (name, param) => {
      const value = param.safeParse(raw[name] === "" ? undefined : raw[name]);
      return value.success ? value.data : undefined;
    },
  };
}

/** A link to `path` with these values (blank and absent ones left out): the path alone when none is left. */
export function pageHref(path: string, values: Record<string, string | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return query ? `${path}?${query}` : path;
}
