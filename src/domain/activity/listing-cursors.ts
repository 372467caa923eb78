// The cursor a listing request brings back, checked for its kind: a 400 naming querystring.cursor otherwise.
import { AppError } from "../../errors.js";
import { decodeCursor, decodePrefixCursor } from "./cursor.js";
import type { ListingCursor } from "./types.js";

function refused(detail: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", detail, [{ field: "querystring.cursor", message }]);
}

const NOT_OURS = () => refused("cursor is not one this service made; start again without it.", "not a cursor from next_cursor");
const OF_A_PREFIX_LISTING = () =>
  refused("cursor comes from a listing by prefix; pass the same prefix with it, or start again without it.", "a cursor of a listing by prefix");

/** A listing by activity resumes at a place in time; a prefix listing's cursor is refused here. */
export function activityCursorOf(text: string | undefined): ListingCursor | null {
  if (text === undefined) return null;
  const cursor = decodeCursor(text);
  if (cursor) return cursor;
  throw decodePrefixCursor(text) !== null ? OF_A_PREFIX_LISTING() : NOT_OURS();
}

/** A listing answered in one page (tools by calls) takes no cursor: only its listing by prefix pages. */
export function refuseCursor(text: string | undefined): void {
  if (text === undefined) return;
  throw decodePrefixCursor(text) !== null ? OF_A_PREFIX_LISTING() : refused("only a listing by prefix takes a cursor here; pass prefix with it.", "a cursor without prefix");
}

/** A prefix listing resumes after an id that starts with its prefix; a cursor of another listing is refused. */
export function prefixCursorOf(text: string | undefined, prefix: string): string | null {
  if (text === undefined) return null;
  const id = decodePrefixCursor(text);
  if (id === null) {
    if (decodeCursor(text) !== null) {
      throw refused("cursor comes from the listing without prefix; start the prefix listing again without it.", "a cursor of the listing without prefix");
    }
    throw NOT_OURS();
  }
  if (!id.startsWith(prefix)) {
    throw refused(`cursor comes from a listing by another prefix than '${prefix}'; start again without it.`, "a cursor of a listing by another prefix");
  }
  return id;
}
