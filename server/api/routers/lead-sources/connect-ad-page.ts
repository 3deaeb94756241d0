import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { connectAdPage } from "../../../lead-sources/connect-ad-page";
import { protectedProcedure } from "../../trpc";
import { adPageSchema } from "./ad-page.types";

/** Connects (or reconnects) a Meta page after checking its token and installing the app on it for `leadgen` (owners and admins). */
export const connectAdPageProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(
    z.object({
      pageId: z.string().trim().regex(/^\d{5,30}$/, "validation.metaPageId"),
      accessToken: z.string().trim().min(20, "validation.metaPageToken").max(1000).regex(/^\S+$/, "validation.noSpaces"),
    }),
  )
  .output(adPageSchema)
  .mutation(({ ctx, input }) => connectAdPage(ctx, input));
