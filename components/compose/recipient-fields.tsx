"use client";
// Who the batch goes to: numbers typed or pasted (checked as typed: pasted-numbers.tsx), or a saved list (or one
// uploaded here: list-source.tsx).
import { ListSource, type ListChoice } from "./list-source";
import { PastedNumbers } from "./pasted-numbers";
import type { PastedNumbers as Pasted } from "./use-pasted-numbers";

export type Source = "numbers" | "list";

export function RecipientFields({
  source,
  onSource,
  lists,
  listId,
  onListId,
  text,
  onText,
  pasted,
  errors,
}: {
  source: Source;
  onSource: (source: Source) => void;
  lists: ListChoice[];
  listId: string;
  onListId: (id: string) => void;
  text: string;
  onText: (text: string) => void;
  pasted: Pasted;
  errors: Record<string, string[] | undefined>;
}) {
  return (
    <>
      <fieldset className="flex flex-wrap gap-6">
        <legend className="mb-1 text-sm font-medium">Send to</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="source"
            value="numbers"
            checked={source === "numbers"}
            onChange={() => onSource("numbers")}
          />
          Numbers
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="source"
            value="list"
            checked={source === "list"}
            onChange={() => onSource("list")}
          />
          A saved list
        </label>
      </fieldset>
      {source === "list" ? (
        <ListSource lists={lists} listId={listId} onListId={onListId} errors={errors.listId} />
      ) : (
        <PastedNumbers text={text} onText={onText} pasted={pasted} errors={errors.recipients} />
      )}
    </>
  );
}
