import { afterAll, beforeAll } from "vitest";
import { WHATSAPP_WEBHOOK_PATH } from "../../../server/messaging/whatsapp-settings";
import { sessionCaller } from "../../dashboard/callers";
import { startFakeGraph, type FakeGraph, type FakeSender } from "../../fakes/whatsapp-graph";
import { postWebhook } from "../../fakes/whatsapp-webhook";
import { useApiTest, type ApiTestOptions } from "../../support/api-test";
import type { SeededOrganization } from "../../support/factories";
import { configureForTests } from "../../../server/config/config";

export const APP_SECRET = "test-whatsapp-app-secret";
export const VERIFY_TOKEN = "test-whatsapp-verify-token";
/** Short, so the `slow` scenario times out quickly; the fake waits longer than this. */
export const TIMEOUT_MS = 1500;

/**
 * useApiTest plus a loopback fake of the WhatsApp Cloud API, with this
 * server configured to use it (WHATSAPP_* variables, read on every call).
 */
export function useMessagingTest(options: ApiTestOptions = {}) {
  const t = useApiTest(options);
  let graph: FakeGraph | undefined;

  beforeAll(async () => {
    graph = await startFakeGraph();
    graph.slowMs = TIMEOUT_MS * 4;
    // Meta posts to the callback URL the app registered, signed with the app secret.
    graph.webhook = { url: `${t.server.baseUrl}${WHATSAPP_WEBHOOK_PATH}`, appSecret: APP_SECRET };
    configureWhatsApp(graph.baseUrl);
  });

  afterAll(async () => {
    await graph?.close();
  });

  return {
    t,
    get graph(): FakeGraph {
      if (!graph) throw new Error("the fake Graph API starts in beforeAll");
      return graph;
    },
    get webhookUrl(): string {
      return `${t.server.baseUrl}${WHATSAPP_WEBHOOK_PATH}`;
    },
    /** Connects a new fake number to `org` through Settings, as its owner. */
    async connectSender(org: SeededOrganization = t.org, overrides: Partial<FakeSender> = {}) {
      const fake = this.graph.addSender(overrides);
      const owner = await sessionCaller(t.db, org.ownerId, org.id);
      const sender = await owner.messaging.connectSender({
        label: "Sales",
        phoneNumberId: fake.phoneNumberId,
        businessAccountId: fake.businessAccountId,
        accessToken: fake.accessToken,
      });
      return { fake, sender };
    },
    /** The contact at `from` (digits, their WhatsApp id) writes to the number: its 24-hour window opens and our webhook records the message. */
    async contactWrites(fake: FakeSender, from: string, text = "Hola, ¿sigue disponible?") {
      const status = await this.graph.receiveMessage({ phoneNumberId: fake.phoneNumberId, from, text, name: "Contacto" });
      if (status !== 200) throw new Error(`our webhook answered ${status} to an inbound message`);
    },
    /** Posts a payload to our webhook, signed as Meta signs it. */
    post(payload: unknown, options: { signature?: string | null } = {}) {
      return postWebhook(`${t.server.baseUrl}${WHATSAPP_WEBHOOK_PATH}`, APP_SECRET, payload, options);
    },
  };
}

export function configureWhatsApp(graphBaseUrl: string): void {
  configureForTests({
    WHATSAPP_GRAPH_BASE_URL: graphBaseUrl,
    WHATSAPP_GRAPH_VERSION: "v24.0",
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_TIMEOUT_MS: TIMEOUT_MS,
  });
}

export function unconfigureWhatsApp(): void {
  configureForTests({ WHATSAPP_APP_SECRET: undefined, WHATSAPP_VERIFY_TOKEN: undefined });
}
