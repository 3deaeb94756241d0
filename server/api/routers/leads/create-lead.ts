import { protectedProcedure } from "../../trpc";
import { createLead } from "../../../leads/create-lead";
import { createLeadInput, createLeadMeta, createLeadOutput } from "./create-lead.types";

export const createLeadProcedure = protectedProcedure
  .meta(createLeadMeta)
  .input(createLeadInput)
  .output(createLeadOutput)
  .mutation(async ({ ctx, input }) => {
    const lead = await createLead(ctx, input);
    return {
      id: lead.id,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      status: lead.status,
      source: lead.source,
      assignedToId: lead.assignedToId,
      roundRobinId: lead.roundRobinId,
      createdAt: lead.createdAt,
      updatedAt: lead.updatedAt,
    };
  });
