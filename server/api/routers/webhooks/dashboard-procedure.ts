import { protectedProcedure } from "../../trpc";

/** The dashboard's webhook procedures (Settings → Webhooks): same scope as the API, no REST path (no `meta.openapi`). */
export const webhookDashboardProcedure = protectedProcedure.meta({ scope: "webhooks:manage" });
