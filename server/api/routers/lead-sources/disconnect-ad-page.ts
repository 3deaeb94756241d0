import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { disconnectAdPage } from "../../../lead-sources/manage-ad-pages";
import { protectedProcedure } from "../../trpc";

/** Disconnects a page (owners and admins); the leads it brought stay. */
export const disconnectAdPageProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(z.object({ connectionId: z.uuid() }))
  .output(z.object({ disconnected: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await disconnectAdPage(ctx, input.connectionId);
    return { disconnected: true as const };
  });
