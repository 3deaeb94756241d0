import { listApiKeys } from "../../../settings/api-keys";
import { settingsProcedure } from "./settings-procedure";
import { listApiKeysInput, listApiKeysOutput } from "./list-api-keys.types";

export const listApiKeysProcedure = settingsProcedure
  .input(listApiKeysInput)
  .output(listApiKeysOutput)
  .query(async ({ ctx }) => ({ data: await listApiKeys(ctx) }));
