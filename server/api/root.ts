import { createTRPCRouter } from "./trpc";
import { systemRouter } from "./routers/system/router";
import { projectsRouter } from "./routers/projects/router";
import { matchingRouter } from "./routers/matching/router";
import { sheetsRouter } from "./routers/sheets/router";
import { leadsRouter } from "./routers/leads/router";
import { membersRouter } from "./routers/members/router";
import { catalogRouter } from "./routers/catalog/router";
import { webhooksRouter } from "./routers/webhooks/router";
import { settingsRouter } from "./routers/settings/router";
import { accountRouter } from "./routers/account/router";
import { messagingRouter } from "./routers/messaging/router";
import { roundRobinRouter } from "./routers/round-robin/router";
import { teamRouter } from "./routers/team/router";
import { teamsRouter } from "./routers/teams/router";
import { leadAccessRouter } from "./routers/lead-access/router";
import { calendarRouter } from "./routers/calendar/router";
import { sequencesRouter } from "./routers/sequences/router";
import { homeRouter } from "./routers/home/router";
import { reportsRouter } from "./routers/reports/router";
import { usageRouter } from "./routers/usage/router";
import { eventsRouter } from "./routers/events/router";
import { leadSourcesRouter } from "./routers/lead-sources/router";
import { notificationsRouter } from "./routers/notifications/router";
import { instantReplyRouter } from "./routers/instant-reply/router";

/** The one router both doors serve: /api/trpc (dashboard) and /api/v1 (REST, via trpc-to-openapi). */
export const appRouter = createTRPCRouter({
  system: systemRouter,
  projects: projectsRouter,
  matching: matchingRouter,
  sheets: sheetsRouter,
  leads: leadsRouter,
  members: membersRouter,
  catalog: catalogRouter,
  webhooks: webhooksRouter,
  settings: settingsRouter,
  account: accountRouter,
  messaging: messagingRouter,
  roundRobin: roundRobinRouter,
  team: teamRouter,
  teams: teamsRouter,
  leadAccess: leadAccessRouter,
  calendar: calendarRouter,
  sequences: sequencesRouter,
  home: homeRouter,
  reports: reportsRouter,
  usage: usageRouter,
  events: eventsRouter,
  leadSources: leadSourcesRouter,
  notifications: notificationsRouter,
  instantReply: instantReplyRouter,
});

export type AppRouter = typeof appRouter;
