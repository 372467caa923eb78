// MCP under scoped keys: tools/list shows a key only the tools it may call, and calling another is a tool error that changed nothing.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { bothStores } from "../helpers/stores.js";
import { call, useMcpService } from "./service.js";

const KEY = { read: "mcp-read-key-0123456789", write: "mcp-write-key-0123456789", admin: "mcp-admin-key-0123456789" };
const API_KEYS = `${KEY.read}:team:read,${KEY.write}:team:write,${KEY.admin}:team:admin`;
const READ_TOOLS = ["get_context", "get_lessons_prompt", "get_procedural_memory", "get_tool_fix", "recall"];
const WRITE_TOOLS = ["record_failure", "record_tool_call", "resolve_task", "set_session_settings"];

describe.each(bothStores())("MCP tools by scope (%s store)", (_name, factory) => {
  const service = useMcpService(factory, { API_KEYS });

  it("lists the get_* tools and recall to a read key, and every tool to a write or admin key", async () => {
    const names = async (key: string) => (await (await service.connect(key)).listTools()).tools.map((tool) => tool.name).sort();
    expect(await names(KEY.read)).toEqual(READ_TOOLS);
    expect(await names(KEY.write)).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    expect(await names(KEY.admin)).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
  });

  it("refuses a write tool to a read key with INSUFFICIENT_SCOPE, storing nothing; a write key records it", async () => {
    const task = uniqueId("task");
    const failure = { task_id: task, attempt_number: 1, tier: 1, error_type: "TypeError", error_message: "bad" };
    const refused = await call(await service.connect(KEY.read), "record_failure", failure);
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([{ type: "text", text: "INSUFFICIENT_SCOPE: This operation needs a key with the 'write' scope (or above); this key has 'read'." }]);
    expect(refused.structuredContent).toMatchObject({ code: "INSUFFICIENT_SCOPE", status: 403 });
    const stored = await service.http.get(`/tasks/${task}/lessons`).set("authorization", `Bearer ${KEY.admin}`);
    expect(stored.body.lessons).toEqual([]);

    const recorded = await call(await service.connect(KEY.write), "record_failure", failure);
    expect(recorded.isError).toBeFalsy();
    const read = await call(await service.connect(KEY.read), "get_lessons_prompt", { task_id: task });
    expect(read.isError).toBeFalsy();
  });
});
