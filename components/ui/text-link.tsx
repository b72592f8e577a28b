// A link in a sentence or a table cell, to another page of the console: the one look of links that are not buttons.
import Link from "next/link";
import type { ComponentProps } from "react";
import { cx } from "./cx";

export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cx("text-sky-700 underline", className)} {...props} />;
}
