import { revokeConnectedApp } from "../../../settings/connected-apps";
import { settingsProcedure } from "./settings-procedure";
import { revokeConnectedAppInput, revokeConnectedAppOutput } from "./revoke-connected-app.types";

export const revokeConnectedAppProcedure = settingsProcedure
  .input(revokeConnectedAppInput)
  .output(revokeConnectedAppOutput)
  .mutation(({ ctx, input }) => revokeConnectedApp(ctx, input.id));
