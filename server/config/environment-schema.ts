import { availableParallelism } from "node:os";
import { z } from "zod";

/**
 * Every environment variable inmo reads, with its type, its rule and its
 * default: the one list. The README's configuration table documents exactly
 * these names (tests/architecture/configuration.test.ts), and nothing outside
 * `server/config/` reads `process.env` except the framework hooks that list
 * why (the same test). Blank values count as unset.
 *
 * Meanings are in the README; the comments here say why a rule is what it is.
 */

const text = z.string().optional();
const httpUrl = z.url({ protocol: /^https?$/ });
const int = (min: number) => z.coerce.number().int().min(min);
const port = z.coerce.number().int().min(1).max(65_535);
/** `true`/`1` or `false`/`0`, so a typo fails at start-up instead of meaning "off". */
const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

export const environmentSchema = z.object({
  // Runtime and database
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // 0 asks the system for a free port (tests).
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: text,
  DATABASE_POOL_SIZE: int(1).default(10),
  EMBEDDED_PG_PORT: port.default(54329),
  INMO_DATA_DIR: z.string().default(".data"),
  REDIS_URL: text,
  // How many reverse proxies append to X-Forwarded-For, or `direct` (no proxy: npm start records the peer itself).
  // Unset means 1 in development; production refuses to start without an explicit choice (second audit, L9).
  TRUSTED_PROXY_HOPS: z.union([z.literal("direct"), int(1)]).optional(),
  INMO_LOG: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  INMO_CLI_VERBOSE: flag.default(false),
  // `next`: npm start serves everything through plain `next start` (scripts/start.ts).
  INMO_SERVER: z.enum(["next"]).optional(),
  // The app server process writes a V8 CPU profile there when it stops (scripts/start.ts; npm run bench).
  INMO_CPU_PROFILE_DIR: text,
  // Set by Vitest in its workers, never by an operator: event payload checks then fail the write instead of logging.
  VITEST: text,

  // Observability. The OpenTelemetry SDK also reads its other standard OTEL_EXPORTER_OTLP_* variables (headers, timeout) itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().default("inmo"),
  // A scraper's bearer token; long enough that guessing it is hopeless.
  METRICS_TOKEN: z.string().min(16).optional(),

  // Dashboard sign-in and accounts
  NEXTAUTH_URL: httpUrl.optional(),
  NEXTAUTH_SECRET: text,
  SESSION_MAX_AGE: int(60).default(7 * 24 * 60 * 60),
  PASSWORD_HASH_CONCURRENCY: int(1).default(() => Math.max(1, availableParallelism())),
  PASSWORD_HASH_QUEUE: int(1).default(32),
  MAX_ORGANIZATIONS_PER_USER: int(1).default(5),

  // Webhooks and sealed secrets
  WEBHOOK_SECRET_KEY: text,
  WEBHOOK_SECRET_KEY_PREVIOUS: text,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag.default(false),
  WEBHOOK_TIMEOUT_MS: int(1).default(10_000),
  WEBHOOK_EXTRA_CA_FILE: text,
  WEBHOOK_CONCURRENCY_PER_ORGANIZATION: int(1).default(32),
  WEBHOOK_RETENTION_DAYS: int(1).default(30),

  // Mail
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: text,
  // Server-wide, whatever the per-organization budgets let through: inmo is never a bulk mailer (second audit, L5).
  MAIL_BUDGET_PER_HOUR: int(1).default(1000),

  // Background work
  // Below 3 s a heartbeat (a third of the lease) would be a busy loop of renewals.
  JOB_LEASE_MS: int(3_000).default(15_000),
  // How often the embedded driver runs the jobs scheduled every minute; the browser tests shorten it (Inngest keeps its cron).
  JOB_MINUTE_PERIOD_MS: int(1_000).default(60_000),
  SHUTDOWN_TIMEOUT_MS: int(0).default(10_000),
  // Next reads it itself (its own signal handlers stay off); inmo reads it only to warn when it is missing.
  NEXT_MANUAL_SIG_HANDLE: text,
  // The Inngest SDK reads these three itself; inmo reads them to choose the driver.
  INNGEST_EVENT_KEY: text,
  INNGEST_SIGNING_KEY: text,
  // `1` or the dev server's URL; `0`/`false` mean off, as in the Inngest SDK.
  INNGEST_DEV: text,

  // WhatsApp (Meta Graph API)
  WHATSAPP_APP_SECRET: text,
  WHATSAPP_VERIFY_TOKEN: text,
  WHATSAPP_GRAPH_BASE_URL: httpUrl.default("https://graph.facebook.com"),
  // Graph API versions live about two years; v24.0 (October 2025) is supported until late 2027.
  WHATSAPP_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/).default("v24.0"),
  WHATSAPP_TIMEOUT_MS: int(1).default(10_000),
  // Leads one organization gets from numbers it never heard from, per hour; more wait as unmatched conversations (second audit, L10).
  WHATSAPP_NEW_LEADS_PER_HOUR: int(1).default(60),

  // Meta Lead Ads (ad-platform lead forms; the Graph API's location and version are WhatsApp's, the same API)
  META_APP_ID: text,
  META_APP_SECRET: text,
  META_LEADS_VERIFY_TOKEN: text,

  // Google Calendar
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  GOOGLE_OAUTH_BASE_URL: httpUrl.optional(),
  GOOGLE_CALENDAR_BASE_URL: httpUrl.default("https://www.googleapis.com"),
  GOOGLE_CALENDAR_PUSH_URL: httpUrl.optional(),
  GOOGLE_TIMEOUT_MS: int(1).default(10_000),
});

export type Configuration = z.output<typeof environmentSchema>;
export type EnvironmentName = keyof typeof environmentSchema.shape;
export const ENVIRONMENT_NAMES = Object.keys(environmentSchema.shape) as EnvironmentName[];
