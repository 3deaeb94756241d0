import { z } from "zod";
import { ANY_ROLE } from "../../../auth/roles";
import { idSchema } from "../../../ids";
import { leadCalling, setDoNotCall } from "../../../sequences/lead-calling";
import { protectedProcedure, type ProcedureMeta } from "../../trpc";

/** Dashboard-only (lead page, any member): the do-not-call mark (extension) and the lead's sequences. */
const leadCallingMeta = { scope: "leads:read", roles: ANY_ROLE } as const satisfies ProcedureMeta;
const setDoNotCallMeta = { scope: "leads:write", roles: ANY_ROLE } as const satisfies ProcedureMeta;

export const leadCallingProcedure = protectedProcedure
  .meta(leadCallingMeta)
  .input(z.object({ leadId: idSchema("lead") }))
  .output(
    z.object({
      doNotCall: z.boolean(),
      contacts: z.array(z.object({ sequenceId: z.string(), sequenceName: z.string(), status: z.string(), outcome: z.string().nullable() })),
    }),
  )
  .query(({ ctx, input }) => leadCalling(ctx, input.leadId));

export const setDoNotCallProcedure = protectedProcedure
  .meta(setDoNotCallMeta)
  .input(z.object({ leadId: idSchema("lead"), doNotCall: z.boolean() }))
  .output(z.object({ leadId: z.string(), doNotCall: z.boolean() }))
  .mutation(({ ctx, input }) => setDoNotCall(ctx, input.leadId, input.doNotCall));
