// Fix detection over HTTP: which earlier failure a success fixes, the links both ways, the delta, and the detection window.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";
import type { ToolLogEntry } from "../../src/domain/tools/types.js";

/** Calls as they come back over HTTP: the wire format of the log. */
type Entry = ToolLogEntry;

async function record(
  ctx: HttpContext,
  session: string,
  tool: string,
  outcome: string,
  args: Record<string, unknown> = {},
): Promise<Entry> {
  const response = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: tool, outcome, arguments: args });
  expect(response.status).toBe(201);
  return response.body as Entry;
}

async function readCall(ctx: HttpContext, session: string, id: string): Promise<Entry> {
  const response = await ctx.http.get(`/sessions/${session}/tool-calls/${id}`);
  expect(response.status).toBe(200);
  return response.body as Entry;
}

/** Records `count` successful calls of another tool, to push earlier calls back in the log. */
async function filler(ctx: HttpContext, session: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await record(ctx, session, "other", "success", { i });
}

describe.each(bothStores())("fix detection (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("a success fixes the most recent unfixed failure of the same tool, and both calls show the link", async () => {
    const session = uniqueId("session");
    const failure = await record(ctx, session, "t", "failure", { x: 1 });
    const success = await record(ctx, session, "t", "success", { x: 2 });

    expect(success).toMatchObject({ fix_for: failure.id, delta_args: { changed: { x: { from: 1, to: 2 } } } });
    expect(await readCall(ctx, session, failure.id)).toMatchObject({ fixed_by: success.id, fix_for: null });
    expect(await readCall(ctx, session, success.id)).toMatchObject({ fixed_by: null, fix_for: failure.id });
  });

  it("describes an added argument as {added: …}", async () => {
    const session = uniqueId("session");
    await record(ctx, session, "t", "failure", { a: 1 });
    const success = await record(ctx, session, "t", "success", { a: 1, b: 2 });
    expect(success.delta_args).toEqual({ added: { b: 2 } });
  });

  it("describes removed and deeply changed arguments, ignoring nested key order", async () => {
    const session = uniqueId("session");
    await record(ctx, session, "t", "failure", { keep: { p: 1, q: [1, 2] }, gone: true, deep: { v: 1 } });
    const success = await record(ctx, session, "t", "success", { keep: { q: [1, 2], p: 1 }, deep: { v: 2 } });
    expect(success.delta_args).toEqual({ removed: ["gone"], changed: { deep: { from: { v: 1 }, to: { v: 2 } } } });
  });

  it("fixes the newest failure first, then the older one with the next success", async () => {
    const session = uniqueId("session");
    const older = await record(ctx, session, "t", "failure", { x: 1 });
    const newer = await record(ctx, session, "t", "failure", { x: 2 });
    const first = await record(ctx, session, "t", "success", { x: 3 });
    const second = await record(ctx, session, "t", "success", { x: 4 });
    const third = await record(ctx, session, "t", "success", { x: 5 });

    expect([first.fix_for, second.fix_for, third.fix_for]).toEqual([newer.id, older.id, null]);
    expect((await readCall(ctx, session, newer.id)).fixed_by).toBe(first.id);
    expect((await readCall(ctx, session, older.id)).fixed_by).toBe(second.id);
  });

  it("fixes a timeout like a failure", async () => {
    const session = uniqueId("session");
    const timeout = await record(ctx, session, "fetch", "timeout", { wait: 1 });
    const success = await record(ctx, session, "fetch", "success", { wait: 30 });
    expect(success.fix_for).toBe(timeout.id);
  });

  it("never fixes partial or cancelled calls", async () => {
    const session = uniqueId("session");
    await record(ctx, session, "t", "partial", { x: 1 });
    await record(ctx, session, "t", "cancelled", { x: 2 });
    const success = await record(ctx, session, "t", "success", { x: 3 });
    expect(success).toMatchObject({ fix_for: null, delta_args: null });
  });

  it("does not link a success with identical arguments, even written in another key order", async () => {
    const session = uniqueId("session");
    const failure = await record(ctx, session, "t", "failure", { a: { b: 1, c: 2 }, d: [1] });
    const success = await record(ctx, session, "t", "success", { d: [1], a: { c: 2, b: 1 } });
    expect(success).toMatchObject({ fix_for: null, delta_args: null });
    expect((await readCall(ctx, session, failure.id)).fixed_by).toBeNull();
  });

  it("skips a failure with identical arguments and fixes an older one that differs", async () => {
    const session = uniqueId("session");
    const older = await record(ctx, session, "t", "failure", { x: 1 });
    await record(ctx, session, "t", "failure", { x: 2 });
    const success = await record(ctx, session, "t", "success", { x: 2 });
    expect(success.fix_for).toBe(older.id);
  });

  it("does not link a success of another tool", async () => {
    const session = uniqueId("session");
    const failure = await record(ctx, session, "t", "failure", { x: 1 });
    const other = await record(ctx, session, "u", "success", { x: 2 });
    expect(other.fix_for).toBeNull();
    expect((await readCall(ctx, session, failure.id)).fixed_by).toBeNull();
  });

  it("fixes each failure at most once", async () => {
    const session = uniqueId("session");
    const failure = await record(ctx, session, "t", "failure", { x: 1 });
    const fix = await record(ctx, session, "t", "success", { x: 2 });
    const later = await record(ctx, session, "t", "success", { x: 3 });
    expect(fix.fix_for).toBe(failure.id);
    expect(later).toMatchObject({ fix_for: null, delta_args: null });
    expect((await readCall(ctx, session, failure.id)).fixed_by).toBe(fix.id);
  });

  it("does not look across sessions", async () => {
    const failing = uniqueId("session");
    const other = uniqueId("session");
    await record(ctx, failing, "t", "failure", { x: 1 });
    const success = await record(ctx, other, "t", "success", { x: 2 });
    expect(success.fix_for).toBeNull();
  });

  it("fixes a failure 10 calls back, the edge of the default window", async () => {
    const session = uniqueId("session");
    const failure = await record(ctx, session, "t", "failure", { v: 1 });
    await filler(ctx, session, 9);
    const success = await record(ctx, session, "t", "success", { v: 2 });
    expect(success.id).toBe("call-0011");
    expect(success.fix_for).toBe(failure.id);
  });

  it("does not fix a failure 11 calls back, just outside the default window", async () => {
    const session = uniqueId("session");
    const failure = await record(ctx, session, "t", "failure", { v: 1 });
    await filler(ctx, session, 10);
    const success = await record(ctx, session, "t", "success", { v: 2 });
    expect(success.fix_for).toBeNull();
    expect((await readCall(ctx, session, failure.id)).fixed_by).toBeNull();
  });

  it("after 11 intervening calls fixes only the failure still inside the window", async () => {
    const session = uniqueId("session");
    const outside = await record(ctx, session, "t", "failure", { v: 1 }); // call-0001
    await filler(ctx, session, 3); // call-0002..0004
    const inside = await record(ctx, session, "t", "failure", { v: 5 }); // call-0005
    await filler(ctx, session, 7); // call-0006..0012: 11 calls after call-0001

    const first = await record(ctx, session, "t", "success", { v: 9 }); // call-0013, window call-0003..0012
    expect(first.fix_for).toBe(inside.id);
    const second = await record(ctx, session, "t", "success", { v: 10 }); // window call-0004..0013
    expect(second.fix_for).toBeNull();
    expect((await readCall(ctx, session, outside.id)).fixed_by).toBeNull();
    expect((await readCall(ctx, session, inside.id)).fixed_by).toBe(first.id);
  });

  it("counts the fixes it detected in the session stats", async () => {
    const session = uniqueId("session");
    await record(ctx, session, "t", "failure", { x: 1 });
    await record(ctx, session, "t", "success", { x: 2 });
    await record(ctx, session, "u", "timeout", { y: 1 });
    await record(ctx, session, "u", "success", { y: 2 });
    await record(ctx, session, "u", "success", { y: 3 });
    const stats = await ctx.http.get(`/sessions/${session}/stats`);
    expect(stats.body.total_fixes_detected).toBe(2);
  });
});
