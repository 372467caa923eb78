// The live feed: reads GET /events with fetch (EventSource cannot send the key), starts with the last 50 events, resumes with Last-Event-ID, shows the newest first.
import { authHeaders, encode } from "./api.js";
import { el, toolLink } from "./dom.js";

const HISTORY = 50;
const SHOWN = 100;
const RETRY_MS = 2000;
const HISTORY_SETTLES_MS = 1500;

const taskLink = (id) => el("a", { href: `#/tasks/${encode(id)}` }, id);
// Calls logged before their events named the session have no session to link.
const sessionLink = (id) => (id ? el("a", { href: `#/sessions/${encode(id)}` }, id) : null);

function summary(type, data) {
  switch (type) {
    case "lesson.captured":
      return [taskLink(data.task_id), " failed: ", el("code", {}, data.error_type), " ", data.error_message];
    case "tool_call.recorded":
      return [sessionLink(data.session_id), " ", toolLink(data.tool_name), ` ${data.outcome} `, el("code", { class: "args" }, JSON.stringify(data.arguments)), data.error_type ? [" ", el("code", {}, data.error_type)] : null];
    case "fix.detected":
      return [sessionLink(data.session_id), " ", toolLink(data.tool_name), ` ${data.fix_call_id} fixed ${data.failed_call_id}: `, el("code", { class: "args" }, JSON.stringify(data.delta_args))];
    case "fix.offered":
      return [sessionLink(data.session_id), " ", toolLink(data.tool_name), " ", el("code", {}, data.error_type), " offered ", el("code", { class: "args" }, JSON.stringify(data.fix_delta))];
    case "fix.outcome":
      return [sessionLink(data.session_id), " ", toolLink(data.tool_name), ` offer ${data.offer_id}: ${data.outcome.replace("_", " ")}`];
    case "task.resolved":
      return [taskLink(data.task_id), " resolved: ", data.approach];
    default:
      return [type];
  }
}

/** When the event happened, from its id (`<ms>-<seq>`), in the reader's local time; the day too when it is not today. */
function when(id) {
  const date = new Date(Number(id.split("-")[0]));
  const today = date.toDateString() === new Date().toDateString();
  return el("time", { datetime: date.toISOString(), title: date.toLocaleString() }, today ? date.toLocaleTimeString() : date.toLocaleString());
}

/** Parses SSE blocks out of the text read so far; returns what is left unparsed. */
function parse(buffer, onEvent) {
  let end;
  while ((end = buffer.indexOf("\n\n")) >= 0) {
    const fields = {};
    for (const line of buffer.slice(0, end).split("\n")) {
      if (line.startsWith(":") || !line.includes(":")) continue;
      fields[line.slice(0, line.indexOf(":"))] = line.slice(line.indexOf(":") + 1).trimStart();
    }
    buffer = buffer.slice(end + 2);
    if (fields.data !== undefined) onEvent(fields);
  }
  return buffer;
}

/** Follows the stream until stopped; `onActivity` hears of each event (to refresh the overview). */
export function startFeed(list, { onActivity, onUnauthorized }) {
  let lastId = null;
  let stopped = false;
  const controller = new AbortController();

  function show({ id, event, data }) {
    lastId = id;
    const parsed = JSON.parse(data);
    const item = el("li", { class: `event ${event.replace(".", "-")}`, "data-event-id": id }, when(id), " ", el("span", { class: "event-type" }, event), " ", summary(event, parsed));
    list.prepend(item);
    while (list.children.length > SHOWN) list.lastElementChild.remove();
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
      } catch (error) {
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
