import { sendTestMail } from "../../../mail/outgoing-email";
import { sendTestMailInput, sendTestMailOutput } from "./send-test-mail.types";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";

/** Sends a test email to the signed-in owner or admin (400 BAD_REQUEST when outgoing email is not configured). */
export const sendTestMailProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(sendTestMailInput)
  .output(sendTestMailOutput)
  .mutation(({ ctx }) => sendTestMail(ctx));
