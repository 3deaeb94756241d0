import { MANAGERS } from "../../../auth/roles";
import { createLeadForUnmatched, listUnmatchedConversations } from "../../../messaging/conversation/unmatched-conversations";
import { protectedProcedure } from "../../trpc";
import {
  createLeadFromUnmatchedInput,
  createLeadFromUnmatchedOutput,
  listUnmatchedInput,
  listUnmatchedOutput,
} from "./unmatched-conversations.types";

/** Settings → Messaging: conversations waiting for a lead (owners and admins). */
export const listUnmatchedProcedure = protectedProcedure
  .meta({ scope: "leads:read", roles: MANAGERS })
  .input(listUnmatchedInput)
  .output(listUnmatchedOutput)
  .query(async ({ ctx }) => ({ data: await listUnmatchedConversations(ctx) }));

/** "Create lead" on one of them. */
export const createLeadFromUnmatchedProcedure = protectedProcedure
  .meta({ scope: "leads:write", roles: MANAGERS })
  .input(createLeadFromUnmatchedInput)
  .output(createLeadFromUnmatchedOutput)
  .mutation(({ ctx, input }) => createLeadForUnmatched(ctx, input.contactDigits));
