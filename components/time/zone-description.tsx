"use client";

// The organisation's zone in words, "East Africa Time (Africa/Nairobi)", for captions and forms that say which zone
// their times are in.
import { zoneDescription } from "@/lib/time/format";
import { useTimeZone } from "./time-zone-provider";

export function ZoneDescription() {
  return <>{zoneDescription(useTimeZone())}</>;
}
