// A Server-Sent Events client for tests: opens GET /events over real HTTP and parses what arrives.
import http from "node:http";

export interface StreamedEvent {
  id: string;
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Events parsed so far, in order. */
  events: StreamedEvent[];
  /** Comment lines (without the colon) seen so far. */
  comments: string[];
  /** The body when the answer was not a stream (a problem). */
  body: () => string;
  /** Resolves once `count` events have arrived; rejects after `withinMs`. */
  waitForEvents(count: number, withinMs?: number): Promise<StreamedEvent[]>;
  /** Resolves when the server ends the stream; rejects after `withinMs`. */
  ended(withinMs?: number): Promise<void>;
  close(): void;
}

function parseBlock(block: string, stream: EventStream): void {
  const fields: Record<string, string> = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) stream.comments.push(line.slice(1).trim());
    else if (line.includes(":")) fields[line.slice(0, line.indexOf(":"))] = line.slice(line.indexOf(":") + 1).trimStart();
  }
  if (fields.data !== undefined) stream.events.push({ id: fields.id ?? "", event: fields.event ?? "message", data: JSON.parse(fields.data) });
}

/** Opens the stream; resolves once the response head has arrived. */
export function openEventStream(baseUrl: string, path = "/events", headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      let buffer = "";
      let raw = "";
      let finished = false;
      const waiters = new Set<() => void>();
      const notify = () => waiters.forEach((check) => check());
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          parseBlock(buffer.slice(0, end), stream);
          buffer = buffer.slice(end + 2);
        }
        notify();
      });
      const finish = () => {
        finished = true;
        notify();
      };
      response.on("end", finish);
      response.on("close", finish);
      response.on("error", finish);

      const waitUntil = (done: () => boolean, withinMs: number, what: string) =>
        new Promise<void>((resolveWait, rejectWait) => {
          const timer = setTimeout(() => {
            waiters.delete(check);
            rejectWait(new Error(`${what} did not happen within ${withinMs} ms; got ${JSON.stringify(stream.events)}`));
          }, withinMs);
          function check() {
            if (!done()) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolveWait();
          }
          waiters.add(check);
          check();
        });

      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        comments: [],
        body: () => raw,
        async waitForEvents(count, withinMs = 5000) {
          await waitUntil(() => stream.events.length >= count, withinMs, `${count} events`);
          return stream.events.slice(0, count);
        },
        ended: (withinMs = 5000) => waitUntil(() => finished, withinMs, "the end of the stream"),
        close: () => request.destroy(),
      };
      resolve(stream);
    });
    request.on("error", reject);
  });
}
