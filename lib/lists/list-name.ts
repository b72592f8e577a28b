// What a list is called: given when it is uploaded (or the file's name without its extension), changed later. One
// schema for the upload's query, the rename form and its action; safe in the browser (Compose and the Lists page
// show the default before the file is sent).
import { z } from "zod";

export const LIST_NAME_MAX = 120;

export const listNameSchema = z
  .string()
  .trim()
  .min(1, "Give the list a name.")
  .max(LIST_NAME_MAX, `A list's name has at most ${LIST_NAME_MAX} characters.`);

/** "December reminders.csv" → "December reminders"; a name that is only an extension (".csv") stays whole. */
export function defaultListName(filename: string): string {
  const name =
    filename
      .trim()
      .replace(/\.[^.]*$/, "")
      .trim() ||
    filename.trim() ||
    "List";
  return name.slice(0, LIST_NAME_MAX);
}
