// A hash as a Lua script returns it (HGETALL inside a script gives a flat list), read back as an object.

/** `[field, value, field, value, ...]` as `{ field: value }`. */
export function flatHash(flat: readonly string[]): Record<string, string> {
  const hash: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) hash[flat[i]!] = flat[i + 1]!;
  return hash;
}
