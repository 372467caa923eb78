// The embedded store: everything in this process's memory, lost on exit; for trying the service out.
import type { Store, StoreLimits } from "../port.js";
import { createMemoryLessonStore } from "./lessons.js";
import { createMemoryToolMemoryStore } from "./tool-memory.js";

export function createMemoryStore(limits: StoreLimits): Store {
  return {
    kind: "memory",
    ...createMemoryLessonStore(limits),
    ...createMemoryToolMemoryStore(limits),
    async ping() {},
    async close() {},
  };
}
