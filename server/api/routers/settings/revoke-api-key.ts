import { revokeDashboardApiKey } from "../../../settings/api-keys";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { revokeApiKeyInput, revokeApiKeyOutput } from "./revoke-api-key.types";

export const revokeApiKeyProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(revokeApiKeyInput)
  .output(revokeApiKeyOutput)
  .mutation(({ ctx, input }) => revokeDashboardApiKey(ctx, input.id));
