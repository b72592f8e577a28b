// Tables: a box that scrolls sideways on its own (never the page, at 390 px), its header row from the columns it is
// given, header and cells with one padding, and the empty / loading row. `cards`: on a phone each row is a card, each
// cell under its column's name (its data-label; app/globals.css), instead of a row scrolled sideways with the last
// columns off-screen.
import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx";

/** A column's header: its words, right-aligned over figures (`numeric`), with classes of its own (a width). */
export type Column = { label: ReactNode; numeric?: boolean; className?: string };
/** The header row: a column is its words or a Column; `false` leaves out a column shown only sometimes. */
type Columns = readonly (string | Column | false)[];

type TableProps = ComponentProps<"table"> & {
  columns: Columns;
  /** Said in one row across the table instead of rows ("No events match."); nothing when falsy. */
  empty?: ReactNode;
  cards?: boolean;
};

/** The table with its header row; its children are the body's rows. */
export function Table({ columns, empty, className, children, cards, ...props }: TableProps) {
  return (
    // relative: absolutely positioned content (screen-reader labels) stays inside the scrolling box, not the page.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className={cx("w-full border-collapse text-sm", cards && "table-cards", className)} {...props}>
        <THead columns={columns} />
        <tbody>
          {empty ? <EmptyRow columns={columns.filter(Boolean).length}>{empty}</EmptyRow> : null}
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** The header of a column of figures (counts, rates), right-aligned like them. */
export const numeric = (label: string): Column => ({ label, numeric: true });

/** The header of a column of row actions: named for screen readers, blank on screen. */
export const ACTIONS: Column = { label: <span className="sr-only">Actions</span> };

function THead({ columns }: { columns: Columns }) {
  return (
    <thead className="bg-slate-100 text-left text-slate-600">
      <tr>
        {columns.map((column, i) => {
          if (column === false) return null;
          const { label, numeric, className }: Column = typeof column === "string" ? { label: column } : column;
          return (
            <th
              key={i}
              scope="col"
              className={cx("whitespace-nowrap px-3 py-2 font-medium", numeric && "text-right", className)}
            >
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cx("border-t border-slate-100", className)} {...props} />;
}

export function Td({
  className,
  numeric,
  children,
  ...props
}: ComponentProps<"td"> & { numeric?: boolean; "data-label"?: string }) {
  return (
    <td className={cx("px-3 py-2", numeric && "text-right tabular-nums", className)} {...props}>
      {/* On a phone a labelled cell is a row of two flex items, its label and this: without the one wrapper, a
          cell of several elements (a link and its note, a badge and its reason) shared the width among them, and
          words broke mid-word ("fail ed"). */}
      {props["data-label"] === undefined ? children : <div className="min-w-0 flex-1">{children}</div>}
    </td>
  );
}

/** One row across the table: "Loading…", "No recipients here.". */
function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-4 text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/** Said instead of a table that has nothing yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{children}</p>;
}
