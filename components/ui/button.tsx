// Buttons and links that look like buttons: one set of variants for every page.
import Link from "next/link";
import type { ComponentProps } from "react";
import { cx } from "./cx";

export type ButtonVariant = "primary" | "secondary" | "danger";
export type ButtonSize = "sm" | "md";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-slate-900 text-white hover:bg-slate-700",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  danger: "border border-red-300 bg-white text-red-700 hover:bg-red-50",
};
const SIZES: Record<ButtonSize, string> = { sm: "px-3 py-1 text-sm", md: "px-4 py-2" };

export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md", className?: string): string {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium disabled:cursor-not-allowed disabled:opacity-40",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

type Styled = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & Styled) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & Styled) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}

/** For downloads and API routes, which must not go through the client router. */
export function ButtonAnchor({ variant, size, className, ...props }: ComponentProps<"a"> & Styled) {
  return <a className={buttonClass(variant, size, className)} {...props} />;
}
