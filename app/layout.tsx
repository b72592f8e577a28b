import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Tuma", template: "%s · Tuma" },
  description: "Send SMS and voice messages in bulk and track every delivery.",
  // public/icon.svg: the console's one icon (a message bubble), in the tab and on bookmarks.
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so each gets its request's CSP nonce (proxy.ts); a page prerendered at build
  // time (a 404, say) would carry scripts without one, which the policy blocks.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
