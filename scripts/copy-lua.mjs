// Copies the Redis Lua scripts next to the compiled adapter, which loads them at run time.
import { cpSync } from "node:fs";

cpSync("src/storage/redis/scripts", "dist/storage/redis/scripts", { recursive: true });
