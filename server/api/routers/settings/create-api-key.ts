import { createDashboardApiKey } from "../../../settings/api-keys";
import { settingsProcedure } from "./settings-procedure";
import { createApiKeyInput, createApiKeyOutput } from "./create-api-key.types";

export const createApiKeyProcedure = settingsProcedure
  .input(createApiKeyInput)
  .output(createApiKeyOutput)
  .mutation(({ ctx, input }) => createDashboardApiKey(ctx, input));
