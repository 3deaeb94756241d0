import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { CreateOrganizationInput } from "../../../server/organizations/create-organization";
import { closeIdleConnections } from "../../../server/webhooks/http-sender";
import { useApiTest, type ApiTest } from "../../support/api-test";
import { seedOrganization, type SeededOrganization } from "../../support/factories";
import { createManualClock } from "./manual-clock";
import { acknowledge, startReceiver, type TestReceiver } from "./receiver";
import { createTestCertificates, type TestCertificates } from "./tls-fixture";
import { configureForTests } from "../../../server/config/config";

export interface WebhookTest extends Pick<ApiTest, "db"> {
  /**
   * An HTTPS receiver on loopback with a certificate of the test CA (reset before each test).
   * A test that restarts it assigns the new one here, so later tests and afterAll use it.
   */
  receiver: TestReceiver;
  readonly certs: TestCertificates;
  /** A fresh organization for each test. */
  readonly org: SeededOrganization;
  /** A fresh manual clock for each test. */
  readonly manual: ReturnType<typeof createManualClock>;
}

/**
 * The setup the delivery-engine files share: a database (no API server), an
 * HTTPS receiver the engine may deliver to, and before each test an empty
 * delivery table, a new rate-limit-exempt organization, a new manual clock
 * and a receiver that acknowledges and has received nothing.
 */
export function useWebhookTest(options: { organization?: Partial<CreateOrganizationInput> } = {}): WebhookTest {
  const base = useApiTest({ organization: false, server: false });
  let certs: TestCertificates | undefined;
  let receiver: TestReceiver | undefined;
  let org: SeededOrganization | undefined;
  let manual: ReturnType<typeof createManualClock> | undefined;

  beforeAll(async () => {
    certs = createTestCertificates();
    receiver = await startReceiver(certs);
    configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" }); // the receiver listens on loopback
    configureForTests({ WEBHOOK_EXTRA_CA_FILE: certs.caFile }); // and presents a certificate of the test CA
    configureForTests({ WEBHOOK_TIMEOUT_MS: "5000" });
  });

  beforeEach(async () => {
    // Drivers serve the whole database: start each test with no delivery left over from the previous one.
    await base.db.webhookDelivery.deleteMany();
    org = await seedOrganization(base.db, { rateLimitExempt: true, ...options.organization });
    manual = createManualClock();
    const current = ready(receiver, "receiver");
    current.received.length = 0;
    current.respondWith(acknowledge);
  });

  afterEach(() => closeIdleConnections());

  afterAll(async () => {
    await receiver?.close();
    certs?.remove();
  });

  function ready<T>(value: T | undefined, field: string): T {
    if (value === undefined) throw new Error(`useWebhookTest: \`${field}\` is read before its hook has set it up.`);
    return value;
  }

  return {
    get db() {
      return base.db;
    },
    get receiver() {
      return ready(receiver, "receiver");
    },
    set receiver(value: TestReceiver) {
      receiver = value;
    },
    get certs() {
      return ready(certs, "certs");
    },
    get org() {
      return ready(org, "org");
    },
    get manual() {
      return ready(manual, "manual");
    },
  };
}
