"use client";

// The organisation's time zone for client components: set once by the console layout from the server's setting, so
// a browser in another zone (or with another locale) shows the same times as the server's pages.
import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_TIME_ZONE } from "@/lib/time/zone";

const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

export function TimeZoneProvider({ zone, children }: { zone: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={zone}>{children}</TimeZoneContext.Provider>;
}

/** The organisation's zone (never the browser's). */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}
