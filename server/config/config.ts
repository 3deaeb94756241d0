import { ENVIRONMENT_NAMES, environmentSchema, type Configuration, type EnvironmentName } from "./environment-schema";

export type { Configuration, EnvironmentName } from "./environment-schema";

/**
 * The process's configuration, read from the environment once, validated and
 * defaulted by `environmentSchema`. A bad value stops start-up with every
 * problem named (`npm start` and the instrumentation hook read it first), so
 * a typo never silently means "the default".
 */

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/** Keys and secrets are used byte for byte (a key with a trailing space must still open what it sealed); other values are trimmed. */
const VERBATIM: ReadonlySet<EnvironmentName> = new Set(["NEXTAUTH_SECRET", "WEBHOOK_SECRET_KEY", "WEBHOOK_SECRET_KEY_PREVIOUS", "METRICS_TOKEN"]);

type EnvironmentInput = Readonly<Record<string, string | undefined>>;

/** Validates an environment (the process's, or a test's); throws a `ConfigurationError` naming every bad variable. */
export function readConfiguration(env: EnvironmentInput): Configuration {
  const values: Record<string, string> = {};
  for (const name of ENVIRONMENT_NAMES) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") continue; // blank is unset
    values[name] = VERBATIM.has(name) ? raw : raw.trim();
  }
  const parsed = environmentSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigurationError(`invalid configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}

let current: Configuration | undefined;
let testValues: EnvironmentInput = {};

export function config(): Configuration {
  current ??= readConfiguration({ ...process.env, ...testValues });
  return current;
}

export type TestConfiguration = Partial<Record<EnvironmentName, string | number | boolean | undefined>>;

/**
 * For tests that run the app inside the test process: sets variables over the
 * process's environment (`undefined` unsets one) without touching
 * `process.env`, validated like the real thing (an invalid value throws and
 * changes nothing). Later calls add to earlier ones.
 */
export function configureForTests(values: TestConfiguration): void {
  const strings = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === undefined ? undefined : String(value)]));
  const next = { ...testValues, ...strings };
  current = readConfiguration({ ...process.env, ...next });
  testValues = next;
}

/** Drops what `configureForTests` set for these variables: they read the process's environment again. */
export function clearTestConfiguration(...names: EnvironmentName[]): void {
  testValues = Object.fromEntries(Object.entries(testValues).filter(([name]) => !names.includes(name as EnvironmentName)));
  current = undefined;
}
