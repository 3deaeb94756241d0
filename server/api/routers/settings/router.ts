import { createTRPCRouter } from "../../trpc";
import { apiKeysRouter } from "./api-keys";
import { connectedAppsRouter } from "./connected-apps";
import { getOutgoingEmailProcedure } from "./get-outgoing-email";
import { organizationRouter } from "./organization";
import { sendTestMailProcedure } from "./send-test-mail";

/** Settings of the dashboard (tRPC only; none of these has a REST path). Webhooks live in the webhooks router. */
export const settingsRouter = createTRPCRouter({
  apiKeys: apiKeysRouter,
  connectedApps: connectedAppsRouter,
  organization: organizationRouter,
  outgoingEmail: getOutgoingEmailProcedure,
  sendTestMail: sendTestMailProcedure,
});
