import { createTRPCRouter } from "../../trpc";
import { createDashboardSubscriptionProcedure } from "./create-dashboard-subscription";
import { createSubscriptionProcedure } from "./create-subscription";
import { deleteDashboardSubscriptionProcedure } from "./delete-dashboard-subscription";
import { deleteSubscriptionProcedure } from "./delete-subscription";
import { dropPreviousSecretProcedure } from "./drop-previous-secret";
import { getEventSampleProcedure } from "./get-event-sample";
import { getSubscriptionProcedure } from "./get-subscription";
import { listDashboardSubscriptionsProcedure } from "./list-dashboard-subscriptions";
import { listDeliveriesProcedure } from "./list-deliveries";
import { listEventsProcedure } from "./list-events";
import { listSubscriptionsProcedure } from "./list-subscriptions";
import { replaySubscriptionProcedure } from "./replay-subscription";
import { resendDeliveryProcedure } from "./resend-delivery";
import { rotateSubscriptionSecretProcedure } from "./rotate-subscription-secret";
import { setSubscriptionActiveProcedure } from "./set-subscription-active";

/** Webhooks: the public subscriptions API (REST and tRPC), then the dashboard's Settings → Webhooks (tRPC only). */
export const webhooksRouter = createTRPCRouter({
  listEvents: listEventsProcedure,
  eventSample: getEventSampleProcedure,
  listSubscriptions: listSubscriptionsProcedure,
  createSubscription: createSubscriptionProcedure,
  getSubscription: getSubscriptionProcedure,
  deleteSubscription: deleteSubscriptionProcedure,
  replaySubscription: replaySubscriptionProcedure,
  rotateSecret: rotateSubscriptionSecretProcedure,
  dropPreviousSecret: dropPreviousSecretProcedure,
  dashboardList: listDashboardSubscriptionsProcedure,
  dashboardCreate: createDashboardSubscriptionProcedure,
  dashboardSetActive: setSubscriptionActiveProcedure,
  dashboardDelete: deleteDashboardSubscriptionProcedure,
  listDeliveries: listDeliveriesProcedure,
  resendDelivery: resendDeliveryProcedure,
});
