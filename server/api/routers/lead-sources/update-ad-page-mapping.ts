import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { updateAdPageMapping } from "../../../lead-sources/manage-ad-pages";
import { protectedProcedure } from "../../trpc";
import { adPageSchema, fieldMappingSchema } from "./ad-page.types";

/** Replaces a page's question mapping (owners and admins); questions left out use the defaults. */
export const updateAdPageMappingProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(z.object({ connectionId: z.uuid(), fieldMapping: fieldMappingSchema }))
  .output(adPageSchema)
  .mutation(({ ctx, input }) => updateAdPageMapping(ctx, input.connectionId, input.fieldMapping));
