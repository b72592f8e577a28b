"use client";
// The operator's choice of the list's columns shown in a batch's recipients table (use-shown-columns.ts remembers
// it): a disclosure of checkboxes in the list's order, so a 40-column list does not crowd the toolbar.
export function ListColumnsChooser({
  columns,
  shown,
  onChange,
}: {
  columns: readonly string[];
  shown: readonly string[];
  onChange: (shown: string[]) => void;
}) {
  return (
    <details className="relative text-sm">
      <summary className="cursor-pointer select-none rounded border border-slate-300 px-2 py-1">
        List columns ({shown.length} of {columns.length})
      </summary>
      <fieldset className="absolute z-10 mt-1 max-h-72 w-64 overflow-auto rounded border border-slate-300 bg-white p-2 shadow">
        <legend className="sr-only">List columns shown</legend>
        {columns.map((column) => (
          <label key={column} className="flex items-center gap-2 py-0.5">
            <input
              type="checkbox"
              checked={shown.includes(column)}
              onChange={(e) => onChange(columns.filter((c) => (c === column ? e.target.checked : shown.includes(c))))}
            />
            <span className="truncate">{column}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
