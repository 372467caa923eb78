// Adds one item to `result.content` of a JSON-RPC answer in its raw bytes, so that every byte the server sent stays as it was.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const COMMA = 0x2c;

// The raw line was already accepted by JSON.parse, so the walk below meets well-formed JSON only.
// Structural characters are ASCII, and no byte of a multi-byte UTF-8 character is: bytes are enough.

function skipSpace(raw: Buffer, at: number): number {
  while (at < raw.length && WHITESPACE.has(raw[at]!)) at += 1;
  return at;
}

/** From the opening quote of a string to just after its closing one. */
function skipString(raw: Buffer, at: number): number {
  for (at += 1; raw[at] !== QUOTE; at += 1) if (raw[at] === BACKSLASH) at += 1;
  return at + 1;
}

/** From the first byte of a value to just after its last. */
function skipValue(raw: Buffer, at: number): number {
  if (raw[at] === QUOTE) return skipString(raw, at);
  if (OPEN.has(raw[at]!)) {
    let depth = 0;
    for (; at < raw.length; at += 1) {
      if (raw[at] === QUOTE) at = skipString(raw, at) - 1;
      else if (OPEN.has(raw[at]!)) depth += 1;
      else if (CLOSE.has(raw[at]!) && --depth === 0) return at + 1;
    }
    return at;
  }
  while (at < raw.length && raw[at] !== COMMA && !CLOSE.has(raw[at]!) && !WHITESPACE.has(raw[at]!)) at += 1;
  return at;
}

/** Where the value of member `key` of the object opening at `start` begins, or -1. */
function memberValue(raw: Buffer, start: number, key: string): number {
  let at = skipSpace(raw, start + 1);
  while (raw[at] === QUOTE) {
    const keyEnd = skipString(raw, at);
    const name = JSON.parse(raw.subarray(at, keyEnd).toString("utf8")) as string;
    at = skipSpace(raw, skipSpace(raw, keyEnd) + 1);
    if (name === key) return at;
    at = skipSpace(raw, skipValue(raw, at));
    if (raw[at] === COMMA) at = skipSpace(raw, at + 1);
  }
  return -1;
}

/**
 * The answer with `item` (JSON text) as the last element of `result.content`, every other byte
 * unchanged; null when the line has no such array (the caller then builds the answer anew).
 */
export function appendToContent(raw: Buffer, item: string): Buffer | null {
  const top = skipSpace(raw, 0);
  if (raw[top] !== 0x7b) return null;
  const result = memberValue(raw, top, "result");
  if (result < 0 || raw[result] !== 0x7b) return null;
  const content = memberValue(raw, result, "content");
  if (content < 0 || raw[content] !== 0x5b) return null;
  const close = skipValue(raw, content) - 1;
  const empty = skipSpace(raw, content + 1) === close;
  return Buffer.concat([raw.subarray(0, close), Buffer.from(`${empty ? "" : ","}${item}`, "utf8"), raw.subarray(close)]);
}
