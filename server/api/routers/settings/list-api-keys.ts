import { listApiKeys } from "../../../settings/api-keys";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { listApiKeysInput, listApiKeysOutput } from "./list-api-keys.types";

export const listApiKeysProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(listApiKeysInput)
  .output(listApiKeysOutput)
  .query(async ({ ctx }) => ({ data: await listApiKeys(ctx) }));
