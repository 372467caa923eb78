// Random tokens for versions and write guards, cut from a buffer of random bytes filled a few hundred tokens at a time.
import { randomBytes } from "node:crypto";

// A call makes two or three tokens (its session's write, a fix set's or a bucket's version), and each randomBytes call
// costs a few µs here however few bytes it asks for; one fill of the buffer costs about what one call does.
const TOKEN_BYTES = 8;
const TOKENS_PER_FILL = 512;
let pool = Buffer.alloc(0);
let at = 0;

/** 16 hex characters, random: no two writes share one, even after a failover lost the write before. */
export function newWriteToken(): string {
  if (at + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * TOKENS_PER_FILL);
    at = 0;
  }
  at += TOKEN_BYTES;
  return pool.toString("hex", at - TOKEN_BYTES, at);
}
