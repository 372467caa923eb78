// Copies what the compiled service loads at run time next to it: the Redis Lua scripts and the dashboard's files.
import { cpSync } from "node:fs";

cpSync("src/storage/redis/scripts", "dist/storage/redis/scripts", { recursive: true });
cpSync("src/dashboard", "dist/dashboard", { recursive: true });
