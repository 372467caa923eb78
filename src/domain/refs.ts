// What the memory is kept by: a task or a session of one tenant.

/** One task of one tenant: the unit that lessons and their counters belong to. */
export interface TaskRef {
  tenant: string;
  taskId: string;
}

/** One session of one tenant: the unit that tool calls, fixes and patterns belong to. */
export interface SessionRef {
  tenant: string;
  sessionId: string;
}
