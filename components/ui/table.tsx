// Tables: a box that scrolls sideways on its own (never the page, at 390 px), header and cells with one padding,
// and the empty / loading row. `cards`: on a phone each row is a card, each cell under its column's name (its
// data-label; app/globals.css), instead of a row scrolled sideways with the last columns off-screen.
import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx";

export function Table({ className, children, cards, ...props }: ComponentProps<"table"> & { cards?: boolean }) {
  return (
    // relative: absolutely positioned content (screen-reader labels) stays inside the scrolling box, not the page.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className={cx("w-full border-collapse text-sm", cards && "table-cards", className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-100 text-left text-slate-600">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className, numeric, ...props }: ComponentProps<"th"> & { numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={cx("whitespace-nowrap px-3 py-2 font-medium", numeric && "text-right", className)}
      {...props}
    />
  );
}

/** The header of a column of row actions: named for screen readers, blank on screen. */
export function ActionsTh() {
  return (
    <Th>
      <span className="sr-only">Actions</span>
    </Th>
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
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
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
