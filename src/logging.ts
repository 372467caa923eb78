// Where JSON log lines go: stdout through a bounded buffer that never blocks a request, flushed before the process exits.
import type { FastifyRequest } from "fastify";
import pino from "pino";
import { REDACTED, RedactionTally, type Redactor } from "./domain/redaction/redactor.js";

/** The most log text held while stdout is slower than the service; past it, lines are dropped and counted. */
const LOG_BUFFER_MAX_BYTES = 8 * 1024 * 1024;
// Lines wait for 4 KB of company, or at most this long, so a busy service writes in batches and a quiet one promptly.
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 100;

export type LogDestination = ReturnType<typeof createLogDestination>;

/**
 * A sonic-boom destination on stdout, asynchronous: a request's log line is a string append, and
 * the write happens in batches off the request's path. What is still buffered is lost if the
 * process dies without flushSync(), so the server calls it on every way out it controls.
 */
export function createLogDestination(maxBufferBytes = LOG_BUFFER_MAX_BYTES) {
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, maxLength: maxBufferBytes, periodicFlush: LOG_FLUSH_MS });
  let dropped = 0;
  destination.on("drop", () => {
    // Said once per burst, on stderr, which is not the stream that is full.
    if (dropped === 0) process.stderr.write("agent-lessons: the log buffer is full; dropping log lines until stdout catches up\n");
    dropped += 1;
  });
  destination.on("write", () => {
    if (dropped === 0) return;
    process.stderr.write(`agent-lessons: ${dropped} log lines were dropped\n`);
    dropped = 0;
  });
  return destination;
}

/** What a log line says of a request: Fastify's own fields, with the query's values redacted like a body's. */
export function loggedRequest(request: FastifyRequest, redactor: Redactor) {
  return {
    method: request.method,
    url: redactedUrl(request.url, redactor),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The URL with each query value as the redactor leaves it: a value under a secret-like name hidden
 * whole, a secret-shaped one replaced (`error_type=`, `goal=`, `prefix=` carry whatever an agent sent).
 * A URL without a query, nearly every one, is logged as it is.
 */
export function redactedUrl(url: string, redactor: Redactor): string {
  const at = url.indexOf("?");
  if (at === -1 || !redactor.enabled) return url;
  const tally = new RedactionTally();
  const pairs = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let value: string;
      try {
        value = decodeURIComponent(pair.slice(equals + 1).replaceAll("+", " "));
      } catch {
        // Not decodable, so not readable as a value either: said only by its length.
        return `${name}=[${equals === pair.length - 1 ? 0 : pair.length - equals - 1} characters]`;
      }
      const kept = redactor.isSecretName(safeName(name)) ? REDACTED : redactor.text(value, tally);
      return kept === value ? pair : `${name}=${encodeURIComponent(kept)}`;
    });
  return `${url.slice(0, at)}?${pairs.join("&")}`;
}

const safeName = (name: string) => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};
