"use client";

// The main navigation: a row of links on wide screens; on a phone (390 px) a "Menu" button that opens them as a
// list, so the page never scrolls sideways.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { cx } from "@/components/ui/cx";

export function MainNav({ items }: { items: { href: string; label: string }[] }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);

  return (
    <div className="md:contents">
      <button
        type="button"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm md:hidden"
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpen((value) => !value)}
      >
        Menu
      </button>
      <nav
        id="main-nav"
        aria-label="Main"
        className={cx(
          "absolute inset-x-0 top-full z-10 flex-col gap-1 border-b border-slate-200 bg-white p-3 shadow md:static md:flex md:flex-row md:border-0 md:p-0 md:shadow-none",
          open ? "flex" : "hidden",
        )}
      >
        {items.map(({ href, label }) => {
          const active = href === "/" ? pathname === "/" : pathname.startsWith(href);
          return (
            <Link
              key={href}
              href={href}
              aria-current={active ? "page" : undefined}
              onClick={() => setOpen(false)}
              className={cx(
                "rounded-md px-3 py-2 text-sm font-medium",
                active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-200",
              )}
            >
              {label}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
