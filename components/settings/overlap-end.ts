// When a rotated receipt secret stops being accepted, as the Settings page says it. One function, so that it moves
// to the console's time module (the organisation's zone, named) in one place.
const format = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatOverlapEnd(at: Date): string {
  return `${format.format(at)} UTC`;
}
