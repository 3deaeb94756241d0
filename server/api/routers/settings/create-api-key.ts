import { createDashboardApiKey } from "../../../settings/api-keys";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { createApiKeyInput, createApiKeyOutput } from "./create-api-key.types";

export const createApiKeyProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(createApiKeyInput)
  .output(createApiKeyOutput)
  .mutation(({ ctx, input }) => createDashboardApiKey(ctx, input));
