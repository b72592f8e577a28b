"use client";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while hydrating, true once React runs the page in the browser. A form whose fields
 * React controls disables them until then: what is typed into the server's HTML is reset when React takes over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
