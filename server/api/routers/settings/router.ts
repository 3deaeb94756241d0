import { createTRPCRouter } from "../../trpc";
import { createApiKeyProcedure } from "./create-api-key";
import { createSandboxProcedure } from "./create-sandbox";
import { getSandboxProcedure } from "./get-sandbox";
import { getOrganizationSettingsProcedure } from "./get-organization-settings";
import { getOutgoingEmailProcedure } from "./get-outgoing-email";
import { listApiKeysProcedure } from "./list-api-keys";
import { listConnectedAppsProcedure, listMyConnectedAppsProcedure } from "./list-connected-apps";
import { createPrivateAppProcedure, listPrivateAppsProcedure, setPrivateAppActiveProcedure } from "./private-apps";
import { revokeApiKeyProcedure } from "./revoke-api-key";
import { revokeConnectedAppProcedure } from "./revoke-connected-app";
import { sendTestMailProcedure } from "./send-test-mail";
import { updateOrganizationSettingsProcedure } from "./update-organization-settings";
import { getUniversalLeadWebhookProcedure, setUniversalLeadWebhookProcedure } from "./universal-lead-webhook";

/** Settings of the dashboard (tRPC only; none of these has a REST path). Webhooks live in the webhooks router. */
export const settingsRouter = createTRPCRouter({
  apiKeys: createTRPCRouter({
    list: listApiKeysProcedure,
    create: createApiKeyProcedure,
    revoke: revokeApiKeyProcedure,
  }),
  connectedApps: createTRPCRouter({
    list: listConnectedAppsProcedure,
    mine: listMyConnectedAppsProcedure,
    revoke: revokeConnectedAppProcedure,
  }),
  privateApps: createTRPCRouter({
    list: listPrivateAppsProcedure,
    create: createPrivateAppProcedure,
    setActive: setPrivateAppActiveProcedure,
  }),
  organization: createTRPCRouter({
    get: getOrganizationSettingsProcedure,
    update: updateOrganizationSettingsProcedure,
  }),
  sandbox: createTRPCRouter({
    get: getSandboxProcedure,
    create: createSandboxProcedure,
  }),
  outgoingEmail: getOutgoingEmailProcedure,
  sendTestMail: sendTestMailProcedure,
  universalLeadWebhook: createTRPCRouter({
    get: getUniversalLeadWebhookProcedure,
    set: setUniversalLeadWebhookProcedure,
  }),
});
