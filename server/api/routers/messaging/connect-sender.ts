import { connectWhatsAppSender } from "../../../messaging/senders/connect-sender";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { connectSenderInput, connectSenderOutput } from "./connect-sender.types";

/** Connects (or reconnects) a WhatsApp Business number after checking it with WhatsApp (owners and admins). */
export const connectSenderProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(connectSenderInput)
  .output(connectSenderOutput)
  .mutation(({ ctx, input }) => connectWhatsAppSender(ctx, input));
