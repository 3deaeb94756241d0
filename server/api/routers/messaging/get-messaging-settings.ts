import { listSenderRows } from "../../../messaging/senders/list-senders";
import { toSenderDetail } from "../../../messaging/senders/sender-representation";
import { whatsAppSettings, whatsAppWebhookUrl } from "../../../messaging/whatsapp-settings";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { getMessagingSettingsInput, getMessagingSettingsOutput } from "./get-messaging-settings.types";

/** Settings → Messaging (owners and admins): whether WhatsApp is configured here, the webhook URL for Meta, and the senders. */
export const getMessagingSettingsProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(getMessagingSettingsInput)
  .output(getMessagingSettingsOutput)
  .query(async ({ ctx }) => {
    const settings = whatsAppSettings();
    return {
      configured: settings !== null,
      webhookUrl: whatsAppWebhookUrl(),
      graphVersion: settings?.graphVersion ?? null,
      senders: (await listSenderRows(ctx)).map(toSenderDetail),
    };
  });
