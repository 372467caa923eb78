// The live feed: reads GET /events with fetch (EventSource cannot send the key), starts with the last 50 events, resumes with Last-Event-ID, shows the newest first.
// @ts-check
import { authHeaders, encode } from "./api.js";
import { el, toolLink } from "./dom.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["ArgDelta"]} ArgDelta */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["Lesson"]} Lesson */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["Resolution"]} Resolution */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["ToolLogEntry"]} ToolLogEntry */
/** @typedef {import("./dom.js").Child} Child */
// The OpenAPI document describes the stream, not each event's data: the three below follow
// src/domain/activity/event-data.ts; the others carry a stored document as it is.
/** @typedef {{ session_id: string, tool_name: string, failed_call_id: string | null, fix_call_id: string, delta_args: ArgDelta | null }} FixDetected */
/** @typedef {{ offer_id: string, session_id: string, tool_name: string, error_type: string, call_id: string, fix_delta: unknown }} FixOffered */
/** @typedef {{ offer_id: string, session_id: string, tool_name: string, error_type: string, outcome: string, offered_call_id: string, call_id: string }} FixOutcome */
/** @typedef {ToolLogEntry & { session_id?: string | null }} CallRecorded */
/** @typedef {{ id: string, event: string, data: string }} StreamEvent */

const HISTORY = 50;
const SHOWN = 100;
const RETRY_MS = 2000;
const HISTORY_SETTLES_MS = 1500;

/** @param {string} id */
const taskLink = (id) => el("a", { href: `#/tasks/${encode(id)}` }, id);
// Calls logged before their events named the session have no session to link.
/** @param {string | null | undefined} id */
const sessionLink = (id) => (id ? el("a", { href: `#/sessions/${encode(id)}` }, id) : null);

/**
 * One line about an event; its type says what its data is (parsed JSON, trusted as the service sends it).
 * @param {string} type
 * @param {unknown} data
 * @returns {Child}
 */
function summary(type, data) {
  switch (type) {
    case "lesson.captured": {
      const lesson = /** @type {Lesson} */ (data);
      return [taskLink(lesson.task_id), " failed: ", el("code", {}, lesson.error_type), " ", lesson.error_message];
    }
    case "tool_call.recorded": {
      const call = /** @type {CallRecorded} */ (data);
      return [sessionLink(call.session_id), " ", toolLink(call.tool_name), ` ${call.outcome} `, el("code", { class: "args" }, JSON.stringify(call.arguments)), call.error_type ? [" ", el("code", {}, call.error_type)] : null];
    }
    case "fix.detected": {
      const fix = /** @type {FixDetected} */ (data);
      return [sessionLink(fix.session_id), " ", toolLink(fix.tool_name), ` ${fix.fix_call_id} fixed ${fix.failed_call_id}: `, el("code", { class: "args" }, JSON.stringify(fix.delta_args))];
    }
    case "fix.offered": {
      const offer = /** @type {FixOffered} */ (data);
      return [sessionLink(offer.session_id), " ", toolLink(offer.tool_name), " ", el("code", {}, offer.error_type), " offered ", el("code", { class: "args" }, JSON.stringify(offer.fix_delta))];
    }
    case "fix.outcome": {
      const outcome = /** @type {FixOutcome} */ (data);
      return [sessionLink(outcome.session_id), " ", toolLink(outcome.tool_name), ` offer ${outcome.offer_id}: ${outcome.outcome.replace("_", " ")}`];
    }
    case "task.resolved": {
      const resolution = /** @type {Resolution} */ (data);
      return [taskLink(resolution.task_id), " resolved: ", resolution.approach];
    }
    default:
      return [type];
  }
}

/**
 * When the event happened, from its id (`<ms>-<seq>`), in the reader's local time; the day too when it is not today.
 * @param {string} id
 */
function when(id) {
  const date = new Date(Number(id.split("-")[0]));
  const today = date.toDateString() === new Date().toDateString();
  return el("time", { datetime: date.toISOString(), title: date.toLocaleString() }, today ? date.toLocaleTimeString() : date.toLocaleString());
}

/**
 * Parses SSE blocks out of the text read so far; returns what is left unparsed.
 * @param {string} buffer
 * @param {(event: StreamEvent) => void} onEvent
 */
function parse(buffer, onEvent) {
  let end;
  while ((end = buffer.indexOf("\n\n")) >= 0) {
    /** @type {Record<string, string>} */
    const fields = {};
    for (const line of buffer.slice(0, end).split("\n")) {
      if (line.startsWith(":") || !line.includes(":")) continue;
      fields[line.slice(0, line.indexOf(":"))] = line.slice(line.indexOf(":") + 1).trimStart();
    }
    buffer = buffer.slice(end + 2);
    // Every event the service sends has its id and type with its data; other blocks (retry, comments) have no data.
    const { id, event, data } = fields;
    if (data !== undefined && id !== undefined && event !== undefined) onEvent({ id, event, data });
  }
  return buffer;
}

/**
 * Follows the stream until stopped; `onActivity` hears of each event (to refresh the overview). Answers how to stop it.
 * @param {HTMLElement} list
 * @param {{ onActivity?: (type: string) => void, onUnauthorized?: () => void }} listeners
 * @returns {() => void}
 */
export function startFeed(list, { onActivity, onUnauthorized }) {
  /** @type {string | null} */
  let lastId = null;
  let stopped = false;
  const controller = new AbortController();

  /** @param {StreamEvent} event */
  function show({ id, event, data }) {
    lastId = id;
    const parsed = JSON.parse(data);
    const item = el("li", { class: `event ${event.replace(".", "-")}`, "data-event-id": id }, when(id), " ", el("span", { class: "event-type" }, event), " ", summary(event, parsed));
    list.prepend(item);
    while (list.children.length > SHOWN) list.lastElementChild?.remove();
    onActivity?.(event);
  }

  async function follow() {
    while (!stopped) {
      try {
        // The first connection starts with the recent past; a reconnection resumes after the last event shown.
        const headers = authHeaders(lastId ? { "last-event-id": lastId, accept: "text/event-stream" } : { accept: "text/event-stream" });
        const response = await fetch(lastId ? "/events" : `/events?recent=${HISTORY}`, { headers, signal: controller.signal });
        if (response.status === 401) return onUnauthorized?.();
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer = parse(buffer + value, show);
        }
      } catch {
        if (stopped) return;
      }
      // The stream ended (a deploy, a dropped slow client): resume after the last event seen.
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  // The history arrives all at once: a screen reader hears what comes after it, not 50 events at load.
  list.setAttribute("aria-busy", "true");
  setTimeout(() => list.removeAttribute("aria-busy"), HISTORY_SETTLES_MS);
  follow();
  return () => {
    stopped = true;
    controller.abort();
  };
}
