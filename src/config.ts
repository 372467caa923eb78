// Reads the environment once at boot, validates it with zod and freezes the result.
// Every variable carries its group and description here; `npm run docs` renders docs/configuration.md
// and .env.example from them.
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().min(0);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

function hostPorts(message: string) {
  return z
    .string()
    .regex(/^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/, message)
    .optional()
    .or(z.literal("").transform(() => undefined));
}

/** The groups the reference pages list the variables under, in the order they are shown. */
export const CONFIG_GROUPS = {
  http: "HTTP and logs",
  store: "Store: Redis",
  memory: "What is kept and learned",
  keys: "API keys",
  retention: "Retention",
  rateLimits: "Rate limits",
  redaction: "Redaction",
  events: "Event stream",
} as const;

/** What the reference pages say about one variable: its group and what it means. */
function about(group: keyof typeof CONFIG_GROUPS, description: string) {
  return { group: CONFIG_GROUPS[group], description };
}

export const configSchema = z
  .object({
    PORT: port.default(3000).meta(about("http", "HTTP port.")),
    HOST: z.string().min(1).default("127.0.0.1").meta(about("http", "Listen address; `0.0.0.0` in containers.")),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info")
      .meta(about("http", "pino's log level.")),
    LOG_FORMAT: z
      .enum(["json", "pretty"])
      .default("json")
      .meta(
        about(
          "http",
          "`json`: one JSON object a line, for log collectors. `pretty`: coloured, human-readable lines through `pino-pretty`, for a person at a terminal.",
        ),
      ),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined))
      .meta(
        about(
          "store",
          "`redis://` or `rediss://` URL of the Redis that keeps the data. Unset or empty: the embedded in-memory store, with a warning at boot that data is not durable. Set: Redis, with no fallback to memory.",
        ),
      ),
    REDIS_CLUSTER_NODES: hostPorts("comma-separated host:port seeds").meta(
      about("store", "Comma-separated `host:port` seeds of a Redis Cluster; chosen over `REDIS_URL`."),
    ),
    REDIS_SENTINELS: hostPorts("comma-separated host:port sentinels").meta(
      about(
        "store",
        "Comma-separated `host:port` of the Sentinels that know the primary of `REDIS_SENTINEL_NAME`. `REDIS_URL` then gives only the data nodes' credentials, database and scheme (`rediss://` for TLS, to the Sentinels too), not their address. Not together with `REDIS_CLUSTER_NODES`.",
      ),
    ),
    REDIS_SENTINEL_NAME: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, "1-64 letters, digits, '.', '_' or '-'")
      .default("mymaster")
      .meta(about("store", "The name of the primary the Sentinels monitor: 1–64 letters, digits, `.`, `_` or `-`.")),
    REDIS_SENTINEL_PASSWORD: optionalText.meta(about("store", "The Sentinels' own password, if they have one.")),
    REDIS_WAIT_REPLICAS: nonNegativeInt
      .max(16)
      .default(0)
      .meta(
        about(
          "store",
          "Replicas that must confirm each write (`WAIT`) before it is answered; `0` answers on the primary's word. Fewer in time answer `503 NOT_REPLICATED` (retry with the same `Idempotency-Key`). Run more replicas than you wait for.",
        ),
      ),
    REDIS_WAIT_TIMEOUT_MS: positiveInt
      .max(60_000)
      .default(100)
      .meta(about("store", "How long a write waits for those confirmations; must be below `REDIS_COMMAND_TIMEOUT_MS`.")),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,32}$/, "1-32 letters, digits, '.', '_' or '-'")
      .default("lm")
      .meta(
        about("store", "First part of every Redis key (`<prefix>:{<tenant>:task:<id>}:lessons`): 1–32 letters, digits, `.`, `_` or `-`."),
      ),
    REDIS_COMMAND_TIMEOUT_MS: positiveInt
      .default(1000)
      .meta(about("store", "A Redis command that takes longer fails its request with a 503 instead of hanging it.")),
    BODY_LIMIT_BYTES: positiveInt.default(1_048_576).meta(about("http", "Largest request body; a larger one is a 413.")),
    IMPORT_BODY_LIMIT_BYTES: positiveInt
      .default(16_777_216)
      .meta(about("http", "Largest body of a memory import (`PUT /sessions/{id}/memory`).")),
    OTLP_BODY_LIMIT_BYTES: positiveInt
      .default(20_971_520)
      .meta(
        about(
          "http",
          "Largest body of an OTLP export (`POST /v1/traces`, `POST /v1/logs`), as sent and once gzip is undone (20 MiB, the OTLP specification's recommendation).",
        ),
      ),
    LESSONS_MAX_PER_TASK: positiveInt
      .max(10_000)
      .default(40)
      .meta(about("memory", "Lessons kept per task; older ones are trimmed, and the task's stats stay exact.")),
    TOOL_LOG_MAX_ENTRIES: positiveInt
      .max(100_000)
      .default(1000)
      .meta(
        about(
          "memory",
          "Log entries kept per session; older ones are trimmed, but patterns keep their counts. Also the most a session may keep when it sets its own (`PUT /sessions/{id}/settings`).",
        ),
      ),
    TEMPLATES_MAX_PER_TENANT: positiveInt
      .min(10)
      .max(100_000)
      .default(1000)
      .meta(
        about(
          "memory",
          "Failure templates a tenant keeps (and recall indexes); past it the one seen least recently is forgotten. Each costs about 1 KB on Redis with its index.",
        ),
      ),
    FIX_DETECTION_WINDOW: positiveInt
      .max(1000)
      .default(10)
      .meta(about("memory", "How many earlier calls a success looks back through for a failure it fixes, unless the session sets its own.")),
    // "applied" is the rule from before efficacy was measured, kept to compare against (npm run eval).
    FIX_RANKING: z
      .enum(["wilson", "applied"])
      .default("wilson")
      .meta(
        about(
          "memory",
          "How fixes are ranked and offered: `wilson`, by how often they fixed the error against how often they failed when taken (failing ones retire); or `applied`, most applied first and nothing retired (the rule before efficacy was measured, for comparison).",
        ),
      ),
    API_KEYS: optionalText.meta(
      about(
        "keys",
        "`key:tenant[:scope]` entries, comma-separated. Keys are 16–256 printable characters without `,` or `:`; tenants 1–64 letters, digits, `.`, `_` or `-`. Scopes: `read` (every GET and the event stream: dashboards), `write` (read, plus lessons, tool calls and resolutions: agents), `admin` (write, plus deletes and memory imports; a key without a scope is `admin`). With neither this nor `API_KEYS_FILE`, authentication is OFF and every request belongs to the tenant `default`.",
      ),
    ),
    API_KEYS_FILE: optionalText.meta(
      about(
        "keys",
        "A file of `key:tenant[:scope]` lines (`#` comments allowed), merged with `API_KEYS`. It is read again when it changes and on `SIGHUP`, so keys rotate without a restart.",
      ),
    ),
    IDEMPOTENCY_TTL_SECONDS: positiveInt
      .default(86_400)
      .meta(
        about(
          "retention",
          "How long the idempotency record of a completed POST is kept: a retry with the same `Idempotency-Key` is answered with the first write's result for this long (a day).",
        ),
      ),
    LESSONS_TTL_SECONDS: nonNegativeInt
      .default(2_592_000)
      .meta(about("retention", "A task's keys expire this long after its last write (30 days); `0` keeps them forever.")),
    SESSIONS_TTL_SECONDS: nonNegativeInt
      .default(2_592_000)
      .meta(about("retention", "A session's keys expire this long after its last write (30 days); `0` keeps them forever.")),
    TOOLS_TTL_SECONDS: nonNegativeInt
      .default(7_776_000)
      .meta(
        about(
          "retention",
          "The shared tool knowledge of a tool expires this long after the tenant last called it (90 days); `0` keeps it forever.",
        ),
      ),
    // An empty value means unset (z.coerce would read "" as 0, which turns the limit off).
    RATE_LIMIT_MAX: z
      .preprocess((value) => (value === "" ? undefined : value), nonNegativeInt.optional())
      .meta(
        about(
          "rateLimits",
          "Requests per tenant per window, shared by every replica through Redis; `0` turns the limit off. Unset or empty: 100,000 with API keys, no limit without them.",
        ),
      ),
    RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000).meta(about("rateLimits", "The rate-limit window.")),
    RATE_LIMIT_UNAUTHENTICATED_MAX: nonNegativeInt
      .default(600)
      .meta(
        about("rateLimits", "Requests per client address per window without a valid key (only with API keys); `0` turns it off."),
      ),
    RATE_LIMIT_SYNC_MS: positiveInt
      .min(10)
      .max(100)
      .default(100)
      .meta(about("rateLimits", "How often a replica shares its counts with the others; the overshoot across replicas is bounded by it.")),
    CORS_ORIGINS: optionalText.meta(about("http", "Comma-separated origins allowed by CORS; unset means no CORS headers at all.")),
    REDACTION: z
      .enum(["on", "off"])
      .default("on")
      .meta(
        about(
          "redaction",
          "`on`: secrets in what agents send (tokens, keys, passwords in URLs, values under names like `password` or `api_key`) are replaced before anything is stored. `off` only for a deployment that scrubs every request before it reaches the service.",
        ),
      ),
    REDACT_KEYS: z
      .string()
      .regex(/^\s*[A-Za-z0-9_.-]{1,64}\s*(,\s*[A-Za-z0-9_.-]{1,64}\s*)*$/, "comma-separated names of 1-64 letters, digits, '_', '.' or '-'")
      .optional()
      .or(z.literal("").transform(() => undefined))
      .transform((list) => (list ? list.split(",").map((name) => name.trim()) : []))
      .meta(
        about(
          "redaction",
          "More names whose values are secret, comma-separated (`ssn,card_number`), on top of the built-in ones (`password`, `token`, `api_key`, …). Each is 1–64 letters, digits, `_`, `.` or `-`.",
        ),
      ),
    SHUTDOWN_GRACE_MS: positiveInt
      .default(10_000)
      .meta(
        about("http", "On SIGTERM or SIGINT, requests in flight finish and Redis is quit; the process exits anyway after this long."),
      ),
    EVENTS_MAX_PER_TENANT: positiveInt
      .max(1_000_000)
      .default(10_000)
      .meta(about("events", "Events kept per tenant for `Last-Event-ID` replay (about that many on Redis, which trims whole stream nodes).")),
    EVENTS_TTL_SECONDS: positiveInt.default(86_400).meta(about("events", "A tenant's event log is dropped this long after its last event.")),
    EVENTS_POLL_MS: positiveInt
      .min(50)
      .max(1000)
      .default(500)
      .meta(about("events", "How often an idle stream looks for events written through other replicas.")),
    EVENTS_HEARTBEAT_MS: positiveInt
      .min(100)
      .max(15_000)
      .default(15_000)
      .meta(about("events", "A heartbeat comment goes out after this long without other lines, so proxies keep the connection.")),
    EVENTS_MAX_STREAMS: positiveInt.default(1000).meta(about("events", "Event streams one instance serves at once; more get a 503.")),
    EVENTS_SLOW_CLIENT_MS: positiveInt
      .default(10_000)
      .meta(
        about("events", "A stream whose client does not drain its buffer for this long is dropped; it resumes with `Last-Event-ID`."),
      ),
  })
  .refine((env) => !(env.REDIS_CLUSTER_NODES && env.REDIS_SENTINELS), {
    path: ["REDIS_SENTINELS"],
    message: "set REDIS_SENTINELS or REDIS_CLUSTER_NODES, not both",
  })
  // A write must hear from its replicas before its command times out, or the timeout answers first.
  .refine((env) => env.REDIS_WAIT_REPLICAS === 0 || env.REDIS_WAIT_TIMEOUT_MS < env.REDIS_COMMAND_TIMEOUT_MS, {
    path: ["REDIS_WAIT_TIMEOUT_MS"],
    message: "must be below REDIS_COMMAND_TIMEOUT_MS",
  });

export type Config = Readonly<z.output<typeof configSchema>>;

/** Thrown when the environment holds a bad value; the message names every bad variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses the given environment (process.env by default) into a frozen Config. A bad variable named
 * in `fromFile` is said to come from .env, so a person knows where to fix it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, fromFile: ReadonlySet<string> = new Set()): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return `${name}${fromFile.has(name) ? " (in .env)" : ""}: ${issue.message}`;
    });
    throw new ConfigError(`invalid configuration: ${problems.join("; ")}`);
  }
  return Object.freeze(parsed.data);
}
