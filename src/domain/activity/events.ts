// Event ids and filters: how a stream decides what a subscriber sees and where it resumes.
import { EVENT_TYPES, type EventType, type TenantEvent } from "./types.js";

const EVENT_ID = /^(\d{1,16})-(\d{1,16})$/;

/** True for an id of the form the event logs make (`<ms>-<seq>`). */
export function isEventId(text: string): boolean {
  return EVENT_ID.test(text);
}

/** Orders two event ids as the log does: by time, then by sequence. */
export function compareEventIds(a: string, b: string): number {
  const [am, as] = a.split("-").map(Number) as [number, number];
  const [bm, bs] = b.split("-").map(Number) as [number, number];
  return am - bm || as - bs;
}

export function isEventType(text: string): text is EventType {
  return (EVENT_TYPES as readonly string[]).includes(text);
}

/** What a subscriber asked to see; an absent field lets everything through. */
export interface EventFilter {
  types: ReadonlySet<EventType> | null;
  taskId: string | null;
  sessionId: string | null;
}

export function matchesFilter(event: TenantEvent, filter: EventFilter): boolean {
  if (filter.types && !filter.types.has(event.type)) return false;
  if (filter.taskId !== null && event.task_id !== filter.taskId) return false;
  if (filter.sessionId !== null && event.session_id !== filter.sessionId) return false;
  return true;
}

/** One event as Server-Sent Events text; the data is JSON, so it is one line. */
export function formatEvent(event: TenantEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`;
}
