// Copies what the compiled service loads at run time next to it: the Redis Lua scripts, the dashboard's files and the OpenAPI examples.
import { cpSync } from "node:fs";

cpSync("src/storage/redis/scripts", "dist/storage/redis/scripts", { recursive: true });
cpSync("src/dashboard", "dist/dashboard", { recursive: true });
cpSync("src/openapi/examples.json", "dist/openapi/examples.json");
