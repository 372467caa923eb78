// Where JSON log lines go: stdout through a bounded buffer that never blocks a request, flushed before the process exits.
import pino from "pino";

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
