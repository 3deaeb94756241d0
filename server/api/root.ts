import { createTRPCRouter } from "./trpc";
import { systemRouter } from "./routers/system";
import { projectsRouter } from "./routers/projects/router";

/** The one router both doors serve: /api/trpc (dashboard) and /api/v1 (REST, via trpc-to-openapi). */
export const appRouter = createTRPCRouter({
  system: systemRouter,
  projects: projectsRouter,
});

export type AppRouter = typeof appRouter;
