import { revokeDashboardApiKey } from "../../../settings/api-keys";
import { settingsProcedure } from "./settings-procedure";
import { revokeApiKeyInput, revokeApiKeyOutput } from "./revoke-api-key.types";

export const revokeApiKeyProcedure = settingsProcedure
  .input(revokeApiKeyInput)
  .output(revokeApiKeyOutput)
  .mutation(({ ctx, input }) => revokeDashboardApiKey(ctx, input.id));
