import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../server/db/client";
import type { CreateOrganizationInput } from "../../server/organizations/create-organization";
import { startApiServer, type TestServer } from "./api-server";
import { createTestDatabase, type TestDatabase } from "./database";
import { connect, seedOrganization, type SeededOrganization } from "./factories";
import { observeEvents } from "./observe-events";

export interface ApiTestOptions {
  /**
   * The organization seeded in beforeAll: overrides on top of
   * `{ rateLimitExempt: true }`, or `false` for none. Default: one exempt organization.
   */
  organization?: Partial<CreateOrganizationInput> | false;
  /** Serve the REST door over HTTP (default true); `false` for tests that call procedures directly. */
  server?: boolean;
  /** Subscribe the seeded organization to every event type, so its writes leave their events in the outbox. */
  observeEvents?: boolean;
}

export interface ApiTest {
  /** The file's own database, cloned from the migrated template. */
  readonly database: TestDatabase;
  readonly databaseUrl: string;
  /** A Prisma client on that database. */
  readonly db: Db;
  /** The REST door over real HTTP. */
  readonly server: TestServer;
  /** The organization seeded in beforeAll (with an all-scopes API key). */
  readonly org: SeededOrganization;
}

/**
 * The setup most test files share: in beforeAll, a fresh database, a Prisma
 * client on it, the API server and one rate-limit-exempt organization; in
 * afterAll, the server closed and the client disconnected. Call it at the top
 * of a file; read the fields from inside hooks and tests (they throw before setup).
 */
export function useApiTest(options: ApiTestOptions = {}): ApiTest {
  const { organization = {}, server: withServer = true, observeEvents: observe = false } = options;
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  let server: TestServer | undefined;
  let org: SeededOrganization | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = connect(database.url);
    if (withServer) server = await startApiServer(database.url);
    if (organization !== false) org = await seedOrganization(db, { rateLimitExempt: true, ...organization });
    if (org && observe) await observeEvents(db, org.id);
  });

  afterAll(async () => {
    await server?.close();
    await db?.$disconnect();
  });

  function ready<T>(value: T | undefined, field: string, unavailable?: string): T {
    if (unavailable) throw new Error(`useApiTest: \`${field}\` is not available: ${unavailable}.`);
    if (value === undefined) {
      throw new Error(`useApiTest: \`${field}\` is read before beforeAll has set it up; read it inside a hook or a test.`);
    }
    return value;
  }

  return {
    get database() {
      return ready(database, "database");
    },
    get databaseUrl() {
      return ready(database, "databaseUrl").url;
    },
    get db() {
      return ready(db, "db");
    },
    get server() {
      return ready(server, "server", withServer ? undefined : "this file was set up with { server: false }");
    },
    get org() {
      return ready(org, "org", organization === false ? "this file was set up with { organization: false }" : undefined);
    },
  };
}
