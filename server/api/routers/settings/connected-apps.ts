import { z } from "zod";
import { createTRPCRouter } from "../../trpc";
import { connectedAppSchema, listConnectedApps, revokeConnectedApp } from "../../../settings/connected-apps";
import { settingsProcedure } from "./settings-procedure";

/** Settings → Connected apps. */
export const connectedAppsRouter = createTRPCRouter({
  list: settingsProcedure
    .meta({ scope: "none" })
    .input(z.void())
    .output(z.object({ data: z.array(connectedAppSchema) }))
    .query(async ({ ctx }) => ({ data: await listConnectedApps(ctx.db, ctx.principal.organizationId) })),

  revoke: settingsProcedure
    .meta({ scope: "none" })
    .input(z.object({ id: z.string() }))
    .output(z.object({ id: z.string(), revokedTokens: z.number().int() }))
    .mutation(({ ctx, input }) => revokeConnectedApp(ctx.db, ctx.principal.organizationId, input.id)),
});
