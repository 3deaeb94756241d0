import { createTRPCRouter } from "./trpc";
import { systemRouter } from "./routers/system";
import { projectsRouter } from "./routers/projects/router";
import { leadsRouter } from "./routers/leads/router";
import { membersRouter } from "./routers/members";
import { catalogRouter } from "./routers/catalog";
import { webhooksRouter } from "./routers/webhooks/router";
import { settingsRouter } from "./routers/settings/router";
import { accountRouter } from "./routers/account";

/** The one router both doors serve: /api/trpc (dashboard) and /api/v1 (REST, via trpc-to-openapi). */
export const appRouter = createTRPCRouter({
  system: systemRouter,
  projects: projectsRouter,
  leads: leadsRouter,
  members: membersRouter,
  catalog: catalogRouter,
  webhooks: webhooksRouter,
  settings: settingsRouter,
  account: accountRouter,
});

export type AppRouter = typeof appRouter;
