import { createTRPCRouter } from "./trpc";
import { systemRouter } from "./routers/system";

/** The one router both doors serve: /api/trpc (dashboard) and /api/v1 (REST, via trpc-to-openapi). */
export const appRouter = createTRPCRouter({
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
