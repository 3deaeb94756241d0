import { outgoingEmailStatus } from "../../../mail/outgoing-email";
import { getOutgoingEmailInput, getOutgoingEmailOutput } from "./get-outgoing-email.types";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";

/** Settings → Organization → Outgoing email (owners and admins). */
export const getOutgoingEmailProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(getOutgoingEmailInput)
  .output(getOutgoingEmailOutput)
  .query(async ({ ctx }) => {
    const status = await outgoingEmailStatus(ctx);
    return {
      ...status,
      recent: status.recent.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString(), sentAt: mail.sentAt?.toISOString() ?? null })),
    };
  });
