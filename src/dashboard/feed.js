// The live feed: reads GET /events with fetch (EventSource cannot send the key), resumes with Last-Event-ID, shows the newest first.
import { authHeaders, encode } from "./api.js";
import { el } from "./dom.js";

const SHOWN = 100;
const RETRY_MS = 2000;

function summary(type, data) {
  switch (type) {
    case "lesson.captured":
      return [el("a", { href: `#/tasks/${encode(data.task_id)}` }, data.task_id), " failed: ", el("code", {}, data.error_type), " ", data.error_message];
    case "tool_call.recorded":
      return [el("code", {}, data.tool_name), ` ${data.outcome} `, el("code", { class: "args" }, JSON.stringify(data.arguments)), data.error_type ? [" ", el("code", {}, data.error_type)] : null];
    case "fix.detected":
      return [el("code", {}, data.tool_name), ` ${data.fix_call_id} fixed ${data.failed_call_id}: `, el("code", { class: "args" }, JSON.stringify(data.delta_args))];
    case "task.resolved":
      return [el("a", { href: `#/tasks/${encode(data.task_id)}` }, data.task_id), " resolved: ", data.approach];
    default:
      return [type];
  }
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
    const item = el("li", { class: `event ${event.replace(".", "-")}`, "data-event-id": id }, el("span", { class: "event-type" }, event), " ", summary(event, parsed));
    list.prepend(item);
    while (list.children.length > SHOWN) list.lastElementChild.remove();
    onActivity?.(event);
  }

  async function follow() {
    while (!stopped) {
      try {
        const headers = authHeaders(lastId ? { "last-event-id": lastId, accept: "text/event-stream" } : { accept: "text/event-stream" });
        const response = await fetch("/events", { headers, signal: controller.signal });
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

  follow();
  return () => {
    stopped = true;
    controller.abort();
  };
}
