// Listing cursors: opaque to clients, checked when they come back.
import type { ListingCursor } from "./types.js";

/** The cursor as clients see it: base64url of `<ms>:<id>`. */
export function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(`${cursor.at}:${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor a client sent back, or null when it is not one this service made. */
export function decodeCursor(text: string): ListingCursor | null {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(text)) return null;
  const decoded = Buffer.from(text, "base64url").toString("utf8");
  const match = /^(\d{1,16}):(.+)$/s.exec(decoded);
  if (!match) return null;
  const at = Number(match[1]);
  return Number.isSafeInteger(at) ? { at, id: match[2]! } : null;
}
