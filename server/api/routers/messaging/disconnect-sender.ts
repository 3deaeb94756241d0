import { disconnectWhatsAppSender } from "../../../messaging/senders/disconnect-sender";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { disconnectSenderInput, disconnectSenderOutput } from "./disconnect-sender.types";

/** Disconnects a sender (owners and admins); its conversations stay. */
export const disconnectSenderProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(disconnectSenderInput)
  .output(disconnectSenderOutput)
  .mutation(async ({ ctx, input }) => ({ ...(await disconnectWhatsAppSender(ctx, input.id)), deleted: true as const }));
