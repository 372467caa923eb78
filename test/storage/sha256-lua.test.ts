// lib/sha256.lua hashes as Node's crypto does: a failure's signature made in Lua is the one signature.ts makes.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { rawRedis } from "../helpers/stores.js";

const lib = readFileSync(new URL("../../src/storage/redis/scripts/lib/sha256.lua", import.meta.url), "utf8");
const redis = rawRedis();
afterAll(() => redis.disconnect());

describe("SHA-256 in Lua", () => {
  it("answers Node's digest for empty, block-edge, long and UTF-8 texts", async () => {
    const texts = ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(63), "a".repeat(64), "a".repeat(119), "TimeoutError\nt0123abcd", "Erreur réseau ✗\n日本\u{1F600}"];
    for (let i = 0; i < 120; i += 1) texts.push(Array.from({ length: i * 5 }, (_, j) => String.fromCharCode(32 + ((i * 7 + j * 13) % 90))).join(""));
    const hashed = (await redis.eval(`${lib}\nlocal out = {}\nfor i, text in ipairs(ARGV) do out[i] = sha256hex(text) end\nreturn out`, 0, ...texts)) as string[];
    expect(hashed).toEqual(texts.map((text) => createHash("sha256").update(text, "utf8").digest("hex")));
  });
});
