import { sendTestMail } from "../../../mail/outgoing-email";
import { sendTestMailInput, sendTestMailOutput } from "./send-test-mail.types";
import { settingsProcedure } from "./settings-procedure";

/** Sends a test email to the signed-in owner or admin (400 BAD_REQUEST when outgoing email is not configured). */
export const sendTestMailProcedure = settingsProcedure
  .input(sendTestMailInput)
  .output(sendTestMailOutput)
  .mutation(({ ctx }) => sendTestMail(ctx));
