import { z } from "zod";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { previewConnection } from "../../../round-robin/preview-connection";
import { connectionInputFields } from "./round-robin.types";

/** Dashboard only: which of the newest leads a connection being edited would match (the routing form's preview). */
export const previewConnectionProcedure = protectedProcedure
  .meta({ scope: "round-robin:write", roles: MANAGERS })
  // As the form has it: a draft may still lack its provider or workflow id, so connection rule 1 is not applied here.
  .input(z.object({ connection: z.object(connectionInputFields) }))
  .output(
    z.object({
      checked: z.number().int(),
      matches: z.array(z.object({ leadId: z.string(), leadName: z.string().nullable(), fields: z.array(z.string()) })),
    }),
  )
  .query(({ ctx, input }) => previewConnection(ctx, input.connection));
