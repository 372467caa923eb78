// Random and malformed requests at every route: never a 5xx, every 4xx a full problem+json, and rejected requests store nothing.
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "../helpers/app.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { bothStores, keysWritten, memoryStoreFactory, type StoreFactory } from "../helpers/stores.js";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Param = "task" | "lesson" | "session" | "call" | "tool";
type BodyKind = "lesson" | "call" | "memory";
type QueryKind = "list" | "lessonPrompt" | "search" | "errorType" | "goal" | "sessionPrompt" | "summary";

interface Route {
  method: Method;
  /** Path template; `:name` segments are filled with ids. */
  path: string;
  body?: BodyKind;
  /** The route's strict query schema, when it has one. */
  query?: QueryKind;
}

const ROUTES: readonly Route[] = [
  { method: "POST", path: "/tasks/:task/lessons", body: "lesson" },
  { method: "GET", path: "/tasks/:task/lessons", query: "list" },
  { method: "DELETE", path: "/tasks/:task/lessons" },
  { method: "GET", path: "/tasks/:task/lessons/prompt", query: "lessonPrompt" },
  { method: "GET", path: "/tasks/:task/lessons/stats" },
  { method: "GET", path: "/tasks/:task/lessons/:lesson" },
  { method: "DELETE", path: "/tasks/:task/lessons/:lesson" },
  { method: "POST", path: "/sessions/:session/tool-calls", body: "call" },
  { method: "GET", path: "/sessions/:session/tool-calls", query: "search" },
  { method: "GET", path: "/sessions/:session/tool-calls/:call" },
  { method: "GET", path: "/sessions/:session/patterns" },
  { method: "GET", path: "/sessions/:session/patterns/:tool" },
  { method: "GET", path: "/sessions/:session/patterns/:tool/fix", query: "errorType" },
  { method: "GET", path: "/sessions/:session/patterns/:tool/hints", query: "goal" },
  { method: "GET", path: "/sessions/:session/patterns/:tool/guidance", query: "errorType" },
  { method: "GET", path: "/sessions/:session/patterns/:tool/template", query: "goal" },
  { method: "GET", path: "/sessions/:session/stats" },
  { method: "GET", path: "/sessions/:session/prompt", query: "sessionPrompt" },
  { method: "GET", path: "/sessions/:session/prompt/summary", query: "summary" },
  { method: "GET", path: "/sessions/:session/memory" },
  { method: "PUT", path: "/sessions/:session/memory", body: "memory" },
  { method: "DELETE", path: "/sessions/:session/memory" },
];
const METHODS: readonly Method[] = ["GET", "POST", "PUT", "DELETE"];

const paramsOf = (route: Route) => (route.path.match(/:[a-z]+/g) ?? []).map((name) => name.slice(1) as Param);
/** Methods with no route at this path (HEAD aside). */
const missingMethodsOf = (route: Route) =>
  METHODS.filter((method) => !ROUTES.some((other) => other.path === route.path && other.method === method));

const KEY_A = "fuzz-key-alpha-0123456789";
const KEY_B = "fuzz-key-bravo-0123456789";
const API_KEYS = `${KEY_A}:tenantA,${KEY_B}:tenantB`;
// Small limits, so that over-limit bodies are cheap to generate.
const LIMITS = { BODY_LIMIT_BYTES: "4096", IMPORT_BODY_LIMIT_BYTES: "8192" };

// ---------------------------------------------------------------- ids

const ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** The service's id rule: its alphabet and length, but not the URL dot segments "." and "..". */
const isValidId = (text: string) => ID.test(text) && text !== "." && text !== "..";
const ID_CHARS = [..."abcXYZ019._:-"];
const idCharsArb = (max: number) => fc.string({ unit: fc.constantFrom(...ID_CHARS), maxLength: max });

/** Valid ids the "nothing stored" checks can read back; some are odd but allowed ("...", "__proto__"). */
const VALID_IDS: Record<Param, readonly string[]> = {
  task: ["t1", "...", "__proto__", "a:b", "x".repeat(128)],
  session: ["s1", ".a", "constructor", "s:2", "y".repeat(128)],
  lesson: ["lsn_x", "...", "lsn_AbC-12"],
  call: ["call-0001", "call-9999", "__proto__"],
  tool: ["a", "constructor", "toString", "t.b-c"],
};
const validIdArb = (param: Param) => fc.constantFrom(...VALID_IDS[param]);

// Characters outside the id alphabet; each is percent-encoded, so the request reaches the router.
const BAD_CHARS = [" ", "{", "}", "/", "é", "€", "😀", "%", "?", "#", "\t", "\u0000", '"', "<", "+", "=", "@", "!", "~", "*", "'", "(", ")", ",", ";", "$", "&", "[", "]", "\\", "|", "^", "`"];

/** A path segment whose decoded value is never a valid id (or never matches a route). */
const invalidSegmentArb = (param: Param) =>
  fc.oneof(
    fc.tuple(idCharsArb(8), fc.constantFrom(...BAD_CHARS), idCharsArb(8)).map(([a, bad, b]) => encodeURIComponent(a + bad + b)),
    fc.integer({ min: 129, max: 300 }).map((n) => "i".repeat(n)),
    fc.constant(""),
    fc.constantFrom(".", ".."),
    fc.constantFrom("a%2Fb", "%2e%2e%2F", "%7Bx%7D", "%E2%82%AC", "%zz", "%", "%C3", "%FF", "a%00b", "%25"),
    fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 10 })
      .filter((text) => !isValidId(text))
      .map(encodeURIComponent),
    ...(param === "tool" ? [fc.constant("__proto__")] : []),
  );

/** Any segment: mostly valid ids (odd ones included), sometimes invalid ones. */
const anySegmentArb = (param: Param) =>
  fc.oneof(
    { weight: 3, arbitrary: validIdArb(param) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9._:-]{1,40}$/).filter(isValidId) },
    { weight: 2, arbitrary: invalidSegmentArb(param) },
  );

// ---------------------------------------------------------------- queries

const QUERY_KEYS = [
  "limit", "max_lessons", "tool_name", "goal_contains", "outcome", "error_type", "only_fixes", "only_fixed", "tools", "goal",
  "max_recent_calls", "max_error_patterns", "max_success_patterns", "include_args", "include_timing", "compact", "max_tools",
  "x", "__proto__", "constructor", "limit[]", "a.b",
];
const QUERY_VALUES = [
  "", "0", "1", "-1", "5", "1.5", "1e999", "99999999999999999999", "-99999999999999999999", "NaN", "Infinity", "true", "false", "yes",
  "success", "failure", "a", "a,b", ",,,", "__proto__", "%", "x".repeat(2000),
];
const queryPairArb = fc.tuple(
  fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 })),
  fc.oneof(fc.constantFrom(...QUERY_VALUES), fc.string({ maxLength: 20 }), fc.integer().map(String), fc.string({ unit: "grapheme", maxLength: 5 })),
  fc.boolean(),
);
const anyQueryArb = fc.oneof(
  fc
    .array(queryPairArb, { maxLength: 5 })
    .map((pairs) =>
      pairs.map(([key, value, bare]) => (bare && value === "" ? encodeURIComponent(key) : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)).join("&"),
    ),
  // Raw, partly malformed query strings.
  fc.constantFrom("limit=%zz", "a=%", "%E0%A4%A", "limit=1&limit=2&limit=3", "&&&", "=", "limit", "tools=" + "a,".repeat(200)),
);

/** The query each route needs to be valid (its required parameters), before any fault. */
const REQUIRED_QUERY: Partial<Record<QueryKind, string>> = { errorType: "error_type=E", goal: "goal=g" };

/** Query parameters each strict query schema rejects, whatever else the query holds. */
const BAD_QUERY: Record<QueryKind, readonly string[]> = {
  list: ["limit=0", "limit=-1", "limit=abc", "limit=1.5", "limit=10001", "limit=", "limit=1e999", "limit=99999999999999999999"],
  lessonPrompt: ["max_lessons=0", "max_lessons=-1", "max_lessons=x", "max_lessons=1001", "max_lessons="],
  search: ["limit=0", "limit=1001", "outcome=won", "only_fixes=maybe", "only_fixed=", "tool_name=__proto__", "goal_contains=", "error_type="],
  errorType: ["error_type=", `error_type=${"e".repeat(201)}`],
  goal: ["goal=", `goal=${"g".repeat(1001)}`],
  sessionPrompt: ["max_recent_calls=-1", "max_recent_calls=51", "max_error_patterns=101", "max_success_patterns=11", "include_args=perhaps", "compact=", "tools=,,,", "tools=a%20b", "goal="],
  summary: ["max_tools=0", "max_tools=101", "max_tools=-3", "max_tools=x"],
};
// An unknown key is rejected by every strict query schema.
const badQueryArb = (kind: QueryKind) =>
  fc.oneof(
    fc.constantFrom(...BAD_QUERY[kind]),
    fc.constantFrom("x", "unknown", "__proto__", "constructor", "LIMIT", "limit[]").map((key) => `${key}=1`),
  );

// ---------------------------------------------------------------- headers

const printableArb = (min: number, max: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: min, maxLength: max });
const latin1Arb = fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code));

const BOGUS_CONTENT_TYPES = [
  "text/plain", "text/html", "application/xml", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
  "application/octet-stream", "image/png",
];
const anyContentTypeArb = fc.constantFrom(
  "application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/json; charset=latin1", "application/json;;;",
  "application/problem+json", "text/json", "*/*", "application/jsonx", ...BOGUS_CONTENT_TYPES,
);
const acceptArb = fc.constantFrom(
  "application/json", "text/plain", "text/plain, application/json", "*/*", "image/png", "application/xml", "text/html;q=0.9", "", ";;;",
  "application/problem+json",
);
const bogusAuthorizationArb = fc.oneof(
  fc.constantFrom("Bearer", "Bearer ", "Bearer x", "Basic Zm9vOmJhcg==", `Basic ${KEY_A}`, "Token abc", `Bearer ${KEY_A}x`, `Bearer ${KEY_A} ${KEY_B}`, `${KEY_A}`, `Bearer ${KEY_A.toUpperCase()}`, "bearer", ""),
  printableArb(0, 80),
  printableArb(16, 40).map((key) => `Bearer ${key}`),
);
const VALID_IDEMPOTENCY_KEYS = ["fuzz-idem-1", "fuzz idem 2", "~!@#$%^&*()"];
/** Idempotency-Key values the header schema rejects: empty, over 255 characters, a tab, or a non-ASCII byte. */
const badIdempotencyKeyArb = fc.oneof(
  fc.constant(""),
  fc.integer({ min: 256, max: 2000 }).map((n) => "k".repeat(n)),
  fc.tuple(printableArb(0, 10), fc.constantFrom("\t", "\x80", "\xe9", "\xff"), printableArb(0, 10)).map(([a, bad, b]) => `k${a}${bad}${b}k`),
  fc.tuple(printableArb(1, 10), latin1Arb).map(([a, bad]) => a + bad),
);
const requestIdArb = fc.oneof(fc.constantFrom("req-1", "evil\tid", "x".repeat(300), ""), printableArb(0, 40));

// ---------------------------------------------------------------- bodies

type Body = { kind: "none" } | { kind: "text"; text: string };
const json = (value: unknown): Body => ({ kind: "text", text: JSON.stringify(value) ?? "null" });

const lessonArb = fc.record(
  {
    attempt_number: fc.integer({ min: 1, max: 1000 }),
    tier: fc.constantFrom(1, 2, 3),
    error_type: fc.string({ minLength: 1, maxLength: 30 }),
    error_message: fc.string({ maxLength: 100 }),
    model: fc.option(fc.string({ maxLength: 20 })),
    duration_ms: fc.option(fc.nat()),
  },
  { requiredKeys: ["attempt_number", "tier", "error_type", "error_message"] },
);
// A valid body must hold no key the JSON parser refuses (__proto__, constructor.prototype), which
// fast-check's JSON values sometimes carry: that would be a second fault in a one-fault request.
const parserSafe = (value: unknown) => !/"(__proto__|constructor)":/.test(JSON.stringify(value) ?? "");
const safeJsonValue = fc.jsonValue({ maxDepth: 2 }).filter(parserSafe);
const callArb = fc.record(
  {
    tool_name: fc.constantFrom("a", "b", "constructor", "t.b-c"),
    arguments: fc.dictionary(fc.string({ maxLength: 8 }).filter((key) => key !== "__proto__"), safeJsonValue, { maxKeys: 4 }),
    result: safeJsonValue,
    outcome: fc.constantFrom("success", "failure", "partial", "timeout", "cancelled"),
    context_goal: fc.option(fc.string({ minLength: 1, maxLength: 30 })),
    error_type: fc.option(fc.string({ minLength: 1, maxLength: 20 })),
    execution_time_ms: fc.option(fc.nat()),
  },
  { requiredKeys: ["tool_name", "outcome"] },
);
const memoryArb = fc.record({
  session_id: fc.string({ maxLength: 10 }),
  tool_log: fc.constant([]),
  tool_patterns: fc.constant({}),
  fix_relations: fc.constant([]),
  next_call_id: fc.integer({ min: 1, max: 100 }),
  created_at: fc.constant("2026-01-01T00:00:00.000Z"),
  updated_at: fc.constant("2026-01-01T00:00:00.000Z"),
});
const VALID_BODY: Record<BodyKind, fc.Arbitrary<Record<string, unknown>>> = { lesson: lessonArb, call: callArb, memory: memoryArb };

/** Known fields set to values their schema never accepts. */
const WRONG_FIELDS: Record<BodyKind, Record<string, readonly unknown[]>> = {
  lesson: {
    attempt_number: [0, -1, 1.5, "1", null, true, "one"],
    tier: [0, 4, "1", null, 1.5, [1]],
    error_type: ["", "E".repeat(201), 5, null, {}],
    error_message: [5, null, {}, ["x"], "m".repeat(100_001)],
    duration_ms: [-1, 1.5, "5"],
    tokens_used: [-5, "many"],
  },
  call: {
    tool_name: ["__proto__", "", "a b", "x{y}", 5, null, "t".repeat(129)],
    outcome: ["won", null, 1, "SUCCESS"],
    arguments: [[1, 2], "x=1", 5, null, true],
    execution_time_ms: [-1, 1.5, "5"],
    context_goal: ["", 5],
    preceding_call_id: ["call/1", "", 3],
  },
  memory: {
    next_call_id: [0, -1, "1", 1.5, null],
    tool_log: [{}, "x", [1], [{ id: "call-0001" }], null],
    tool_patterns: [[], "x", { a: 1 }, { __proto__x: null, a: {} }],
    fix_relations: [{}, "x", [1]],
    // session_id and the times may be null or absent (the path names the session; the import stamps times).
    session_id: [5, {}],
    created_at: [5, []],
  },
};

/** A body the route's schema or the JSON parser always rejects. */
const invalidBodyArb = (kind: BodyKind): fc.Arbitrary<Body> =>
  fc.oneof(
    // A strict prefix of an object's JSON text is never valid JSON.
    fc.tuple(VALID_BODY[kind], fc.nat()).map(([body, cut]) => {
      const text = JSON.stringify(body);
      return { kind: "text" as const, text: text.slice(0, cut % text.length) };
    }),
    // The JSON parser refuses __proto__ and constructor.prototype keys.
    VALID_BODY[kind].map((body) => ({ kind: "text" as const, text: `{"__proto__":{"polluted":true},${JSON.stringify(body).slice(1)}` })),
    VALID_BODY[kind].map((body) => ({ kind: "text" as const, text: `${JSON.stringify(body).slice(0, -1)},"constructor":{"prototype":{"polluted":true}}}` })),
    // A known field of the wrong type or out of range.
    fc
      .tuple(VALID_BODY[kind], fc.constantFrom(...Object.entries(WRONG_FIELDS[kind])), fc.nat())
      .map(([body, [field, values], pick]) => json({ ...body, [field]: values[pick % values.length] })),
    // Not an object at all.
    fc.oneof(fc.jsonValue(), fc.anything()).filter((value) => typeof value !== "object" || value === null || Array.isArray(value)).map(json),
    fc.constantFrom<Body>({ kind: "none" }, { kind: "text", text: "" }, { kind: "text", text: "   " }, { kind: "text", text: "{" }, { kind: "text", text: "nul" }),
    // Over the body limit.
    fc.integer({ min: 9000, max: 20_000 }).map((n) => json({ padding: "p".repeat(n) })),
    // Unknown fields: only the strict schemas (lessons, tool calls) reject them.
    ...(kind === "memory" ? [] : [fc.tuple(VALID_BODY[kind], fc.constantFrom("severity", "extra", "id", "Tier", "tenant")).map(([body, key]) => json({ ...body, [key]: 1 }))]),
  );

const anyBodyArb: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: "none" }),
  fc.jsonValue().map(json),
  fc.anything().map(json),
  fc.constantFrom(...(Object.keys(VALID_BODY) as BodyKind[])).chain((kind) => fc.oneof(VALID_BODY[kind].map(json), invalidBodyArb(kind))),
  fc.string({ maxLength: 50 }).map((text): Body => ({ kind: "text", text })),
  fc.string({ unit: "grapheme", maxLength: 50 }).map((text): Body => ({ kind: "text", text })),
);

// ---------------------------------------------------------------- requests

interface FuzzRequest {
  method: Method;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: Body;
}

function pathOf(route: Route, segments: Partial<Record<Param, string>>): string {
  return route.path.replace(/:([a-z]+)/g, (_match, name: Param) => segments[name] ?? "");
}

async function send(http: ReturnType<typeof supertest>, request: FuzzRequest): Promise<supertest.Response> {
  const url = request.query ? `${request.path}?${request.query}` : request.path;
  let call = http[request.method.toLowerCase() as "get"](url);
  for (const [name, value] of Object.entries(request.headers)) call = call.set(name, value);
  if (request.body.kind === "text") {
    if (request.headers["content-type"] === undefined) call = call.set("content-type", "application/json");
    call = call.send(request.body.text);
  }
  return call;
}

const describeExchange = (request: FuzzRequest, response: supertest.Response) =>
  `${request.method} ${request.path}?${request.query} → ${response.status} ${response.text?.slice(0, 300)}`;

/** Whatever the request, the answer is no 5xx, and any 4xx is a complete problem whose status is the HTTP status. */
function expectWellFormed(response: supertest.Response, request: FuzzRequest): void {
  const context = describeExchange(request, response);
  expect(response.status, context).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers["content-type"], context).toMatch(/^application\/problem\+json/);
    expect(response.body, context).toMatchObject({
      type: expect.stringMatching(/^urn:agent-lessons:problem:/),
      title: expect.any(String),
      status: response.status,
      detail: expect.any(String),
      instance: expect.stringMatching(/^\//),
      code: expect.any(String),
      request_id: expect.any(String),
    });
    expect(response.body.request_id, context).toBe(response.headers["x-request-id"]);
  }
  expect(response.headers["x-request-id"], context).toEqual(expect.any(String));
}

/** Any request: mostly the route's own method, ids, query and body, each of them sometimes odd or malformed. */
const anyRequestArb: fc.Arbitrary<FuzzRequest> = fc.constantFrom(...ROUTES).chain((route) =>
  fc
    .record({
      method: fc.oneof({ weight: 3, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      task: anySegmentArb("task"),
      lesson: anySegmentArb("lesson"),
      session: anySegmentArb("session"),
      call: anySegmentArb("call"),
      tool: anySegmentArb("tool"),
      query: fc.oneof(
        fc.constant((route.query && REQUIRED_QUERY[route.query]) || ""),
        anyQueryArb,
        fc.constantFrom("error_type=E", "goal=g", "limit=5&only_fixes=true", "tools=a,b&compact=1", "max_lessons=2", "max_tools=1"),
      ),
      headers: fc.record(
        {
          "content-type": fc.oneof({ weight: 2, arbitrary: fc.constant("application/json") }, { weight: 1, arbitrary: anyContentTypeArb }),
          accept: acceptArb,
          authorization: fc.oneof(bogusAuthorizationArb, fc.constant(`Bearer ${KEY_A}`)),
          "idempotency-key": fc.oneof(fc.constantFrom(...VALID_IDEMPOTENCY_KEYS), badIdempotencyKeyArb),
          "x-request-id": requestIdArb,
        },
        { requiredKeys: [] },
      ),
      body: route.body ? fc.oneof(VALID_BODY[route.body].map(json), anyBodyArb) : anyBodyArb,
    })
    .map(({ method, query, headers, body, ...segments }) => ({ method, path: pathOf(route, segments), query, headers, body })),
);

// ---------------------------------------------------------------- requests that must be rejected

interface RejectedRequest extends FuzzRequest {
  fault: string;
  /** Statuses the fault may produce; anything else (2xx included) fails the property. */
  expected: readonly number[];
  /** Valid task and session ids in the path, and a valid Idempotency-Key, to check afterwards that nothing was stored under them. */
  tasks: string[];
  sessions: string[];
  idempotencyKey: string | undefined;
}

interface ValidParts {
  segments: Record<Param, string>;
  key: string;
  body: Body;
  accept: string | undefined;
  requestId: string | undefined;
  idempotencyKey: string | undefined;
}

/** The parts of a request to the route that would succeed: valid key, ids and body; noise in accept and x-request-id. */
const validPartsArb = (route: Route): fc.Arbitrary<ValidParts> =>
  fc.record({
    segments: fc.record({
      task: validIdArb("task"),
      lesson: validIdArb("lesson"),
      session: validIdArb("session"),
      call: validIdArb("call"),
      tool: validIdArb("tool"),
    }),
    key: fc.constantFrom(KEY_A, KEY_B),
    body: route.body ? VALID_BODY[route.body].map(json) : fc.constant<Body>({ kind: "none" }),
    accept: fc.option(acceptArb, { nil: undefined }),
    requestId: fc.option(requestIdArb, { nil: undefined }),
    idempotencyKey: route.method === "POST" ? fc.option(fc.constantFrom(...VALID_IDEMPOTENCY_KEYS), { nil: undefined }) : fc.constant(undefined),
  });

interface Fault {
  method?: Method;
  segments?: Partial<Record<Param, string>>;
  query?: string;
  /** Header changes; undefined removes the header. */
  headers?: Record<string, string | undefined>;
  body?: Body;
}

/** The valid request to `route`, changed by exactly one fault. */
function assemble(route: Route, valid: ValidParts, name: string, expected: readonly number[], fault: Fault): RejectedRequest {
  const segments = { ...valid.segments, ...fault.segments };
  const params = paramsOf(route);
  const headers: Record<string, string | undefined> = {
    authorization: `Bearer ${valid.key}`,
    accept: valid.accept,
    "x-request-id": valid.requestId,
    "idempotency-key": valid.idempotencyKey,
    ...(valid.body.kind === "text" ? { "content-type": "application/json" } : {}),
    ...fault.headers,
  };
  const present = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const untouched = (param: Param) => params.includes(param) && fault.segments?.[param] === undefined;
  return {
    method: fault.method ?? route.method,
    path: pathOf(route, segments),
    query: fault.query ?? ((route.query && REQUIRED_QUERY[route.query]) || ""),
    headers: present,
    body: fault.body ?? valid.body,
    fault: name,
    expected,
    tasks: untouched("task") ? [segments.task] : [],
    sessions: untouched("session") ? [segments.session] : [],
    idempotencyKey: present["idempotency-key"],
  };
}

const withBody = ROUTES.filter((route) => route.body !== undefined);
const withQuery = ROUTES.filter((route) => route.query !== undefined);
const withParams = ROUTES.filter((route) => paramsOf(route).length > 0);
const posts = ROUTES.filter((route) => route.method === "POST");
const withMissingMethods = ROUTES.filter((route) => missingMethodsOf(route).length > 0);

/** A fault on one of the routes it applies to, with the valid parts of the rest of the request. */
const faultOn = (routes: readonly Route[], make: (route: Route, valid: ValidParts) => fc.Arbitrary<RejectedRequest>) =>
  fc.constantFrom(...routes).chain((route) => validPartsArb(route).chain((valid) => make(route, valid)));

// Each kind of fault is equally likely, whatever the number of routes it applies to.
const rejectedRequestArb: fc.Arbitrary<RejectedRequest> = fc.oneof(
  faultOn(ROUTES, (route, valid) =>
    fc.option(bogusAuthorizationArb, { nil: undefined }).map((authorization) => assemble(route, valid, "no valid API key", [401], { headers: { authorization } })),
  ),
  faultOn(ROUTES, (route, valid) =>
    fc
      .tuple(anyQueryArb, invalidBodyArb(route.body ?? "lesson"))
      .map(([query, body]) => assemble(route, valid, "no API key, with any query and body", [401], { query, body, headers: { authorization: undefined } })),
  ),
  faultOn(withParams, (route, valid) =>
    fc
      .constantFrom(...paramsOf(route))
      .chain((param) => invalidSegmentArb(param).map((segment) => assemble(route, valid, "invalid id", [400, 404, 414], { segments: { [param]: segment } }))),
  ),
  faultOn(withQuery, (route, valid) =>
    fc.array(badQueryArb(route.query!), { minLength: 1, maxLength: 3 }).map((bad) => {
      const required = REQUIRED_QUERY[route.query!];
      return assemble(route, valid, "invalid query", [400], { query: [...(required ? [required] : []), ...bad].join("&") });
    }),
  ),
  faultOn(withBody, (route, valid) =>
    invalidBodyArb(route.body!).map((body) => assemble(route, valid, "invalid body", [400, 413], { body, headers: { "content-type": "application/json" } })),
  ),
  faultOn(withBody, (route, valid) =>
    fc.constantFrom(...BOGUS_CONTENT_TYPES).map((type) => assemble(route, valid, "unsupported content type", [415], { headers: { "content-type": type } })),
  ),
  faultOn(posts, (route, valid) =>
    badIdempotencyKeyArb.map((key) => assemble(route, valid, "invalid Idempotency-Key", [400], { headers: { "idempotency-key": key } })),
  ),
  faultOn(withMissingMethods, (route, valid) =>
    fc
      .tuple(fc.constantFrom(...missingMethodsOf(route)), VALID_BODY.lesson, VALID_BODY.call)
      .map(([method, lesson, call]) =>
        // 405 with Allow; 404 where the path also matches a route with a parameter there (DELETE /tasks/t/lessons/prompt names a lesson "prompt").
        assemble(route, valid, "no such method", [404, 405], {
          method,
          body: json(route.path.startsWith("/tasks") ? lesson : call),
          headers: { "content-type": "application/json" },
        }),
      ),
  ),
);

// ---------------------------------------------------------------- the properties

async function listeningApp(factory: StoreFactory, env: Record<string, string>) {
  const store = await factory();
  const app = await buildTestApp(store, { ...LIMITS, ...env });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return { store, app, http: supertest(`http://127.0.0.1:${port}`) };
}

async function closeAll(app: FastifyInstance, store: Store) {
  await app.close();
  await store.close();
}

describe.each(bothStores())("fuzzed requests (%s store)", (_name, factory: StoreFactory) => {
  it("never answers 5xx, and answers every 4xx with a complete problem+json, whatever the request", async () => {
    const { store, app, http } = await listeningApp(factory, {});
    try {
      await fc.assert(
        fc.asyncProperty(anyRequestArb, async (request) => {
          expectWellFormed(await send(http, request), request);
        }),
        { numRuns: 200 },
      );
    } finally {
      await closeAll(app, store);
    }
  }, 120_000);

  it("answers every request with one fault with that fault's 4xx as a complete problem+json", async () => {
    const { store, app, http } = await listeningApp(factory, { API_KEYS });
    try {
      await fc.assert(
        fc.asyncProperty(rejectedRequestArb, async (request) => {
          const response = await send(http, request);
          expectWellFormed(response, request);
          expect(request.expected, describeExchange(request, response)).toContain(response.status);
        }),
        { numRuns: 200 },
      );
    } finally {
      await closeAll(app, store);
    }
  }, 120_000);

  it("stores nothing for any request with one fault, whatever else the request holds", async () => {
    const { store, app, http } = await listeningApp(factory, { API_KEYS });
    const tasks = new Set<string>();
    const sessions = new Set<string>();
    const idempotencyKeys = new Set<string>();
    const faults = new Set<string>();
    try {
      await fc.assert(
        fc.asyncProperty(rejectedRequestArb, async (request) => {
          request.tasks.forEach((task) => tasks.add(task));
          request.sessions.forEach((session) => sessions.add(session));
          if (request.idempotencyKey !== undefined && VALID_IDEMPOTENCY_KEYS.includes(request.idempotencyKey)) idempotencyKeys.add(request.idempotencyKey);
          faults.add(request.fault);
          // Only the status here: the body's shape is the previous property's concern.
          const response = await send(http, request);
          expect(request.expected, describeExchange(request, response)).toContain(response.status);
        }),
        { numRuns: 200 },
      );
      expect([...faults].sort()).toEqual([
        "invalid Idempotency-Key",
        "invalid body",
        "invalid id",
        "invalid query",
        "no API key, with any query and body",
        "no such method",
        "no valid API key",
        "unsupported content type",
      ]);

      // No Redis key at all, and every valid id the requests named reads as empty for both tenants.
      const keys = await keysWritten(store);
      if (keys !== null) expect(keys).toEqual([]);
      expect(tasks.size).toBeGreaterThan(0);
      expect(sessions.size).toBeGreaterThan(0);
      for (const key of [KEY_A, KEY_B]) {
        const get = (url: string) => http.get(url).set("authorization", `Bearer ${key}`);
        for (const task of tasks) {
          const stats = await get(`/tasks/${task}/lessons/stats`);
          expect(stats.status).toBe(200);
          expect(stats.body).toMatchObject({ total_lessons: 0, total_captured: 0 });
          expect((await get(`/tasks/${task}/lessons`)).body.lessons).toEqual([]);
        }
        for (const session of sessions) {
          const stats = await get(`/sessions/${session}/stats`);
          expect(stats.status).toBe(200);
          expect(stats.body).toMatchObject({ total_calls: 0, tools_tracked: 0, created_at: null });
          expect((await get(`/sessions/${session}/tool-calls`)).body.calls).toEqual([]);
          expect((await get(`/sessions/${session}/patterns`)).body.patterns).toEqual({});
        }
      }
      // No Idempotency-Key was claimed: each one now starts a fresh request, for either tenant.
      for (const idempotencyKey of idempotencyKeys) {
        for (const key of [KEY_A, KEY_B]) {
          const fresh = await http
            .post("/tasks/idempotency-check/lessons")
            .set("authorization", `Bearer ${key}`)
            .set("idempotency-key", idempotencyKey)
            .send({ attempt_number: 1, tier: 1, error_type: "E", error_message: `check ${idempotencyKey}` });
          expect(fresh.status, fresh.text).toBe(201);
          expect(fresh.headers["idempotent-replayed"]).toBeUndefined();
        }
      }
    } finally {
      await closeAll(app, store);
    }
  }, 120_000);
});

// The router answers these itself, before any hook; they are the fuzzers' smallest counterexamples.
describe("URLs the router refuses", () => {
  const ctx = useHttpApp(memoryStoreFactory);

  it.each([
    ["a malformed percent-encoding", "/tasks/%C3/lessons"],
    ["an invalid percent sign", "/sessions/a%zz/stats"],
    ["an id over the router's 256-character limit", `/sessions/${"i".repeat(257)}/stats`],
    ["a task id over the router's 256-character limit", `/tasks/${"t".repeat(300)}/lessons`],
  ])("answers %s with a 4xx problem+json carrying the request id", async (_case, url) => {
    const response = await ctx.http.get(url);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const problem = expectProblem(response, response.status);
    expect(response.headers["x-request-id"]).toEqual(expect.any(String));
    expect(problem.request_id).toBe(response.headers["x-request-id"]);
  });
});
