// Honours Accept with its q-values where a route can reply in more than one type (the prompt routes).
// Routes with one type ignore Accept and send it, as HTTP allows, so that no client is refused for its header.
import type { FastifyRequest } from "fastify";

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of header.split(",")) {
    const [range = "", ...params] = part.split(";");
    const [type = "", subtype = ""] = range.trim().toLowerCase().split("/");
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=").map((piece) => piece.trim());
      if (name?.toLowerCase() === "q") q = Number(value);
    }
    // A malformed q counts as 1, as if it were absent; q is clamped to HTTP's 0..1.
    ranges.push({ type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 1 });
  }
  return ranges;
}

/** The q the client gives a media type: its most specific matching range decides (RFC 9110, 12.5.1). */
function qualityOf(ranges: MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split("/");
  let best: { specificity: number; q: number } | null = null;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === "*" ? 1 : range.type === "*" ? 0 : -1;
    if (specificity < 0 || (best && best.specificity >= specificity)) continue;
    best = { specificity, q: range.q };
  }
  return best?.q ?? 0;
}

/**
 * The type to reply with among `offered` (in the route's order of preference), or null when the
 * client accepts none. No Accept header (or an empty one) accepts anything.
 */
export function preferredType(accept: string | undefined, offered: readonly string[]): string | null {
  if (!accept?.trim()) return offered[0] ?? null;
  const ranges = parseAccept(accept);
  let chosen: { type: string; q: number } | null = null;
  for (const type of offered) {
    const q = qualityOf(ranges, type);
    if (q <= 0) continue;
    // Higher q wins; HTTP gives equal q no order, so a tie goes to the route's own preference.
    if (!chosen || q > chosen.q) chosen = { type, q };
  }
  return chosen?.type ?? null;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Reply types the route can send, most preferred first; JSON when left out. */
    produces?: readonly string[];
  }
}

const JSON_ONLY = ["application/json"] as const;

/** The type a request's route replies with: the client's preferred one, else the route's first. */
export function replyTypeOf(request: FastifyRequest): string {
  const offered = request.routeOptions.config.produces ?? JSON_ONLY;
  return preferredType(request.headers.accept, offered) ?? offered[0]!;
}
