// Listing cursors: opaque to clients, checked when they come back, and never taken by the other kind of listing.
import type { ListingCursor } from "./types.js";

/** The cursor of a listing by activity as clients see it: base64url of `<ms>:<id>`. */
export function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(`${cursor.at}:${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor a client sent back, or null when it is not one this service made for a listing by activity. */
export function decodeCursor(text: string): ListingCursor | null {
  const decoded = decodedText(text);
  const match = decoded === null ? null : /^(\d{1,16}):(.+)$/s.exec(decoded);
  if (!match) return null;
  const at = Number(match[1]);
  return Number.isSafeInteger(at) ? { at, id: match[2]! } : null;
}

/** The cursor of a listing by id prefix: base64url of `id:<the last id looked at>`, which no `<ms>:` cursor can be. */
export function encodePrefixCursor(id: string): string {
  return Buffer.from(`id:${id}`, "utf8").toString("base64url");
}

/** The id a prefix listing's cursor resumes after, or null when it is not one this service made for such a listing. */
export function decodePrefixCursor(text: string): string | null {
  const decoded = decodedText(text);
  // Ids (and tool names) keep to the id alphabet, so a cursor holding anything else was not made here.
  return (decoded === null ? null : /^id:([A-Za-z0-9._:-]{1,128})$/.exec(decoded)?.[1]) ?? null;
}

function decodedText(text: string): string | null {
  return /^[A-Za-z0-9_-]{1,1024}$/.test(text) ? Buffer.from(text, "base64url").toString("utf8") : null;
}
