import { z } from "zod";
import { createTRPCRouter } from "../../trpc";
import {
  apiKeyViewSchema,
  createDashboardApiKey,
  createDashboardApiKeyInput,
  listApiKeys,
  revokeDashboardApiKey,
} from "../../../settings/api-keys";
import { settingsProcedure } from "./settings-procedure";

/** Settings → API keys. */
export const apiKeysRouter = createTRPCRouter({
  list: settingsProcedure
    .meta({ scope: "none" })
    .input(z.void())
    .output(z.object({ data: z.array(apiKeyViewSchema) }))
    .query(async ({ ctx }) => ({ data: await listApiKeys(ctx.db, ctx.principal.organizationId) })),

  create: settingsProcedure
    .meta({ scope: "none" })
    .input(createDashboardApiKeyInput)
    .output(z.object({ key: z.string().describe("The raw key, shown once"), apiKey: apiKeyViewSchema }))
    .mutation(({ ctx, input }) => createDashboardApiKey(ctx.db, ctx.principal, input)),

  revoke: settingsProcedure
    .meta({ scope: "none" })
    .input(z.object({ id: z.string() }))
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => revokeDashboardApiKey(ctx.db, ctx.principal.organizationId, input.id)),
});
