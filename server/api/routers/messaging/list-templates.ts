import { listWhatsAppTemplates } from "../../../messaging/templates";
import { ANY_ROLE } from "../../../auth/roles";
import { protectedProcedure } from "../../trpc";
import { listTemplatesInput, listTemplatesOutput } from "./list-templates.types";

/** The template picker of the lead page's WhatsApp card (dashboard only): the sender's approved templates. */
export const listTemplatesProcedure = protectedProcedure
  .meta({ scope: "messaging:send", roles: ANY_ROLE })
  .input(listTemplatesInput)
  .output(listTemplatesOutput)
  .query(async ({ ctx, input }) => ({ data: await listWhatsAppTemplates(ctx, input.senderId) }));
