import { createTRPCRouter } from "../../trpc";
import { createSubscription } from "./create-subscription";
import { dashboardWebhookProcedures } from "./dashboard";
import { deleteSubscription } from "./delete-subscription";
import { getSubscription } from "./get-subscription";
import { listEvents } from "./list-events";
import { listSubscriptions } from "./list-subscriptions";

export const webhooksRouter = createTRPCRouter({
  listEvents,
  listSubscriptions,
  createSubscription,
  getSubscription,
  deleteSubscription,
  ...dashboardWebhookProcedures,
});
