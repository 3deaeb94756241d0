import { disconnectWhatsAppSender } from "../../../messaging/senders/disconnect-sender";
import { settingsProcedure } from "../settings/settings-procedure";
import { disconnectSenderInput, disconnectSenderOutput } from "./disconnect-sender.types";

/** Disconnects a sender (owners and admins); its conversations stay. */
export const disconnectSenderProcedure = settingsProcedure
  .input(disconnectSenderInput)
  .output(disconnectSenderOutput)
  .mutation(async ({ ctx, input }) => ({ ...(await disconnectWhatsAppSender(ctx, input.id)), deleted: true as const }));
