// Reads the environment once at boot, validates it with zod and freezes the result.
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

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // json for log collectors; pretty for a person at a terminal (coloured lines through pino-pretty).
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  REDIS_CLUSTER_NODES: hostPorts("comma-separated host:port seeds"),
  // Sentinel: the sentinels to ask for the primary of REDIS_SENTINEL_NAME; REDIS_URL then gives only
  // the data nodes' credentials, database and scheme (rediss: TLS), not their address.
  REDIS_SENTINELS: hostPorts("comma-separated host:port sentinels"),
  REDIS_SENTINEL_NAME: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "1-64 letters, digits, '.', '_' or '-'").default("mymaster"),
  REDIS_SENTINEL_PASSWORD: optionalText,
  // Replicas that must confirm each write (WAIT) before it is answered; 0 answers on the primary's word.
  REDIS_WAIT_REPLICAS: nonNegativeInt.max(16).default(0),
  REDIS_WAIT_TIMEOUT_MS: positiveInt.max(60_000).default(100),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,32}$/, "1-32 letters, digits, '.', '_' or '-'")
    .default("lm"),
  REDIS_COMMAND_TIMEOUT_MS: positiveInt.default(1000),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  IMPORT_BODY_LIMIT_BYTES: positiveInt.default(16_777_216),
  LESSONS_MAX_PER_TASK: positiveInt.max(10_000).default(40),
  TOOL_LOG_MAX_ENTRIES: positiveInt.max(100_000).default(1000),
  FIX_DETECTION_WINDOW: positiveInt.max(1000).default(10),
  // "applied" is the rule from before efficacy was measured, kept to compare against (npm run eval).
  FIX_RANKING: z.enum(["wilson", "applied"]).default("wilson"),
  API_KEYS: optionalText,
  API_KEYS_FILE: optionalText,
  IDEMPOTENCY_TTL_SECONDS: positiveInt.default(86_400),
  LESSONS_TTL_SECONDS: nonNegativeInt.default(2_592_000),
  SESSIONS_TTL_SECONDS: nonNegativeInt.default(2_592_000),
  TOOLS_TTL_SECONDS: nonNegativeInt.default(7_776_000),
  // Unset: 100,000 a minute per tenant when API keys are set, no limit when the one tenant is everyone.
  // An empty value means unset (z.coerce would read "" as 0, which turns the limit off).
  RATE_LIMIT_MAX: z.preprocess((value) => (value === "" ? undefined : value), nonNegativeInt.optional()),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  RATE_LIMIT_UNAUTHENTICATED_MAX: nonNegativeInt.default(600),
  RATE_LIMIT_SYNC_MS: positiveInt.min(10).max(100).default(100),
  CORS_ORIGINS: optionalText,
  // on: secrets in what agents send are replaced before anything is stored; off only behind a scrubber of your own.
  REDACTION: z.enum(["on", "off"]).default("on"),
  // More argument and field names whose values are secret, comma-separated (password, token, api_key… are built in).
  REDACT_KEYS: z
    .string()
    .regex(/^\s*[A-Za-z0-9_.-]{1,64}\s*(,\s*[A-Za-z0-9_.-]{1,64}\s*)*$/, "comma-separated names of 1-64 letters, digits, '_', '.' or '-'")
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((list) => (list ? list.split(",").map((name) => name.trim()) : [])),
  SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
  EVENTS_MAX_PER_TENANT: positiveInt.max(1_000_000).default(10_000),
  EVENTS_TTL_SECONDS: positiveInt.default(86_400),
  EVENTS_POLL_MS: positiveInt.min(50).max(1000).default(500),
  EVENTS_HEARTBEAT_MS: positiveInt.min(100).max(15_000).default(15_000),
  EVENTS_MAX_STREAMS: positiveInt.default(1000),
  EVENTS_SLOW_CLIENT_MS: positiveInt.default(10_000),
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

export type Config = Readonly<z.output<typeof envSchema>>;

/** Thrown when the environment holds a bad value; the message names every bad variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses the given environment (process.env by default) into a frozen Config. A bad variable named
 * in `fromFile` is said to come from .env, so a person knows where to fix it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, fromFile: ReadonlySet<string> = new Set()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return `${name}${fromFile.has(name) ? " (in .env)" : ""}: ${issue.message}`;
    });
    throw new ConfigError(`invalid configuration: ${problems.join("; ")}`);
  }
  return Object.freeze(parsed.data);
}
