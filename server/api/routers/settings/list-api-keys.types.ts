import { z } from "zod";
import { apiKeySchema } from "./api-key.types";

export const listApiKeysInput = z.void();

export const listApiKeysOutput = z.object({ data: z.array(apiKeySchema) });
