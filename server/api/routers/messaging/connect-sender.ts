import { connectWhatsAppSender } from "../../../messaging/senders/connect-sender";
import { settingsProcedure } from "../settings/settings-procedure";
import { connectSenderInput, connectSenderOutput } from "./connect-sender.types";

/** Connects (or reconnects) a WhatsApp Business number after checking it with WhatsApp (owners and admins). */
export const connectSenderProcedure = settingsProcedure
  .input(connectSenderInput)
  .output(connectSenderOutput)
  .mutation(({ ctx, input }) => connectWhatsAppSender(ctx, input));
