// MCP's stdio framing, one JSON-RPC message per line, read as raw bytes so a line the proxy does not touch goes on byte for byte.
import type { Readable, Writable } from "node:stream";

const NEWLINE = 0x0a;

/**
 * Calls `onLine` with each line of `input` (without its newline) and `onEnd` with what was left
 * after the last newline once the stream ends.
 */
export function readLines(input: Readable, onLine: (line: Buffer) => void, onEnd: (rest: Buffer) => void): void {
  let pending: Buffer[] = [];
  input.on("data", (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      onLine(pending.length ? Buffer.concat([...pending, piece]) : piece);
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  input.once("end", () => onEnd(Buffer.concat(pending)));
}

/**
 * Writes lines to `output`, pausing `source` while `output` is full, so a slow reader on one side
 * holds back the other instead of filling the proxy's memory.
 */
export function lineWriter(output: Writable, source: Readable): (line: Buffer | string) => void {
  let waiting = false;
  return (line) => {
    if (output.destroyed || output.writableEnded) return;
    const ok = output.write(typeof line === "string" ? `${line}\n` : Buffer.concat([line, Buffer.of(NEWLINE)]));
    if (!ok && !waiting) {
      waiting = true;
      source.pause();
      output.once("drain", () => {
        waiting = false;
        source.resume();
      });
    }
  };
}
