"use client";

// Compose's recipients from a list: one of the saved lists, or a file uploaded here and now — checked, reported and
// then chosen, without leaving the message being written.
import { UploadList } from "@/components/lists/upload-list";
import { SelectField } from "@/components/ui/field";

import { formatCount } from "@/lib/numbers/format";
export type ListChoice = {
  id: string;
  filename: string;
  name: string;
  validCount: number;
  /** Rows left out when the list was uploaded: the review counts them as skipped. */
  invalidCount: number;
  duplicateCount: number;
  /** Of the invalid rows, those with no number at all (an empty phone cell): not "rows with a number". */
  withoutNumber?: number;
  columns: string[];
  uploaded: string;
};

export function ListSource({
  lists,
  listId,
  onListId,
  errors,
}: {
  lists: ListChoice[];
  listId: string;
  onListId: (id: string) => void;
  errors?: string[] | undefined;
}) {
  const list = lists.find((l) => l.id === listId);
  return (
    <div className="space-y-3">
      {lists.length > 0 ? (
        <SelectField
          label="Saved list"
          errors={errors}
          hint={
            list
              ? `${formatCount(list.validCount)} recipients · placeholders: ${list.columns.map((c) => `{{${c}}}`).join(" ")}`
              : undefined
          }
          name="listId"
          value={listId}
          onChange={(e) => onListId(e.target.value)}
        >
          {list ? null : <option value={listId}>The list just uploaded…</option>}
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} — {formatCount(l.validCount)} recipients, {l.uploaded}
            </option>
          ))}
        </SelectField>
      ) : null}
      {/* Always in the same place: the report stays on screen when the first list makes the chooser appear. */}
      <UploadList
        title={lists.length > 0 ? "Or upload a new list" : "Upload a list"}
        onUploaded={(report) => onListId(report.list.id)}
        onUseEarlier={onListId}
      />
    </div>
  );
}
