// The cursor of a page of recovered events (lib/webhooks/recover-events.ts): the last event's queued time in ms and
// its delivery id. Its own file, so the API's query schema reads it without the server-only module.
export const EVENTS_CURSOR = /^[0-9]{1,15}\.[0-9]{1,18}$/;

export const eventsCursor = (event: { createdAt: Date; deliveryId: string }): string =>
  `${event.createdAt.getTime()}.${event.deliveryId}`;
