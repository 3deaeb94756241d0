import { pageOf } from "../../schemas/pagination";
import { protectedProcedure } from "../../trpc";
import {
  createDashboardSubscription,
  deleteOrganizationSubscription,
  listOrganizationSubscriptions,
  setSubscriptionActive,
} from "../../../webhooks/dashboard-subscriptions";
import { listDeliveries, resendDelivery, type DeliveryView } from "../../../webhooks/delivery-log";
import { managedByLabel } from "../../../webhooks/subscription-manager";
import type { SubscriptionRow } from "../../../webhooks/subscription-view";
import {
  dashboardCreateInput,
  dashboardCreateOutput,
  dashboardSubscriptionSchema,
  listDeliveriesInput,
  listDeliveriesOutput,
  resendDeliveryInput,
  resendDeliveryOutput,
  setActiveInput,
  subscriptionIdInput,
} from "./dashboard.types";
import { z } from "zod";

/** The dashboard's webhook procedures: same scope as the API, no REST path (no `meta.openapi`). */
const manage = protectedProcedure.meta({ scope: "webhooks:manage" });

function toDashboardSubscription(row: SubscriptionRow) {
  return {
    id: row.id,
    name: row.name,
    targetUrl: row.targetUrl,
    event: row.event,
    externalId: row.externalId,
    managedBy: managedByLabel(row),
    isActive: row.isActive,
    consecutiveFailures: row.consecutiveFailures,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(view: DeliveryView) {
  return {
    ...view,
    nextAttemptAt: view.nextAttemptAt?.toISOString() ?? null,
    completedAt: view.completedAt?.toISOString() ?? null,
    createdAt: view.createdAt.toISOString(),
    attempts: view.attempts.map((attempt) => ({ ...attempt, startedAt: attempt.startedAt.toISOString() })),
  };
}

export const dashboardWebhookProcedures = {
  dashboardList: manage
    .input(z.void())
    .output(z.object({ data: z.array(dashboardSubscriptionSchema) }))
    .query(async ({ ctx }) => ({
      data: (await listOrganizationSubscriptions({ db: ctx.db, principal: ctx.principal })).map(toDashboardSubscription),
    })),

  dashboardCreate: manage
    .input(dashboardCreateInput)
    .output(dashboardCreateOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await createDashboardSubscription({ db: ctx.db, principal: ctx.principal }, input);
      if (!result.created) throw new Error("dashboard subscriptions have no external id to replay");
      return { subscription: toDashboardSubscription(result.subscription), secret: result.secret };
    }),

  dashboardSetActive: manage
    .input(setActiveInput)
    .output(dashboardSubscriptionSchema)
    .mutation(async ({ ctx, input }) =>
      toDashboardSubscription(await setSubscriptionActive({ db: ctx.db, principal: ctx.principal }, input.id, input.isActive)),
    ),

  dashboardDelete: manage
    .input(subscriptionIdInput)
    .output(z.object({ id: z.uuid(), deleted: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { id } = await deleteOrganizationSubscription({ db: ctx.db, principal: ctx.principal }, input.id);
      return { id, deleted: true as const };
    }),

  listDeliveries: manage
    .input(listDeliveriesInput)
    .output(listDeliveriesOutput)
    .query(async ({ ctx, input }) => {
      const { data, total } = await listDeliveries({ db: ctx.db, principal: ctx.principal }, input);
      return pageOf(data.map(toDelivery), total, input.limit, input.offset);
    }),

  resendDelivery: manage
    .input(resendDeliveryInput)
    .output(resendDeliveryOutput)
    .mutation(({ ctx, input }) => resendDelivery({ db: ctx.db, principal: ctx.principal }, input.id)),
};
