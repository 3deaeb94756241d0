import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { listAdPages } from "../../../lead-sources/manage-ad-pages";
import { protectedProcedure } from "../../trpc";
import { adPageSchema } from "./ad-page.types";

/** Settings → Lead sources: whether Meta Lead Ads is configured on this server, the callback URL, and the connected pages (owners and admins). */
export const listAdPagesProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(z.void())
  .output(
    z.object({
      configured: z.boolean().describe("False when META_APP_ID, META_APP_SECRET or META_LEADS_VERIFY_TOKEN is not set: no ad form can send leads"),
      webhookUrl: z.string().nullable(),
      pages: z.array(adPageSchema),
    }),
  )
  .query(({ ctx }) => listAdPages(ctx));
