import { listConnectedApps } from "../../../settings/connected-apps";
import { settingsProcedure } from "./settings-procedure";
import { listConnectedAppsInput, listConnectedAppsOutput } from "./list-connected-apps.types";

export const listConnectedAppsProcedure = settingsProcedure
  .input(listConnectedAppsInput)
  .output(listConnectedAppsOutput)
  .query(async ({ ctx }) => ({ data: await listConnectedApps(ctx) }));
