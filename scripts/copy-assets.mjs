// Copies what the compiled service loads at run time next to it: the Redis Lua scripts, the dashboard's files and the OpenAPI examples.
import { cpSync, rmSync } from "node:fs";

// The folders go first: a script renamed or removed since the last build must not stay behind and be loaded too.
for (const copied of ["dist/storage/redis/scripts", "dist/dashboard"]) rmSync(copied, { recursive: true, force: true });
cpSync("src/storage/redis/scripts", "dist/storage/redis/scripts", { recursive: true });
cpSync("src/dashboard", "dist/dashboard", { recursive: true });
cpSync("src/openapi/examples.json", "dist/openapi/examples.json");
