// Every Lua script that writes is either confirmed by replicas (REDIS_WAIT_REPLICAS) or listed with why it need not be.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIRMED_SCRIPTS, UNCONFIRMED_SCRIPTS } from "../../src/storage/redis/confirmed-writes.js";
import { scriptSource } from "../../src/storage/redis/scripts.js";

const SCRIPTS_DIR = fileURLToPath(new URL("../../src/storage/redis/scripts/", import.meta.url));
const WRITE_COMMAND =
  /rcall\('(SET|SETNX|HSET|HSETNX|HINCRBY|HINCRBYFLOAT|HDEL|RPUSH|LPUSH|LPOP|RPOP|LTRIM|LREM|DEL|UNLINK|EXPIRE|PEXPIRE|PERSIST|ZADD|ZREM|ZINCRBY|ZREMRANGEBYSCORE|ZREMRANGEBYRANK|XADD|XTRIM|XDEL|PFADD|SADD|SREM|INCR|INCRBY|DECR)'/;

const scripts = readdirSync(SCRIPTS_DIR)
  .filter((file) => file.endsWith(".lua"))
  .map((file) => ({ name: file.replace(/-\d+\.lua$/, ""), writes: WRITE_COMMAND.test(scriptSource(file)) }));

describe("the scripts' replica confirmation", () => {
  it("confirms every writing script but those listed with a reason, and lists no script that only reads", () => {
    expect(scripts.length).toBeGreaterThan(20);
    const writing = scripts.filter((script) => script.writes).map((script) => script.name).sort();
    const listed = [...CONFIRMED_SCRIPTS, ...Object.keys(UNCONFIRMED_SCRIPTS)].sort();
    expect(writing).toEqual(listed);
    for (const reason of Object.values(UNCONFIRMED_SCRIPTS)) expect(reason!.length).toBeGreaterThan(20);
  });
});
