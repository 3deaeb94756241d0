import { listDeliveries, type DeliveryView } from "../../../webhooks/delivery-log";
import { pageOf } from "../../schemas/pagination";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { listDeliveriesInput, listDeliveriesOutput } from "./list-deliveries.types";

function toDelivery(view: DeliveryView) {
  return {
    ...view,
    nextAttemptAt: view.nextAttemptAt?.toISOString() ?? null,
    completedAt: view.completedAt?.toISOString() ?? null,
    createdAt: view.createdAt.toISOString(),
    attempts: view.attempts.map((attempt) => ({ ...attempt, startedAt: attempt.startedAt.toISOString() })),
  };
}

/** The delivery log, newest first, each delivery with every attempt. */
export const listDeliveriesProcedure = protectedProcedure
  .meta({ scope: "webhooks:manage", roles: MANAGERS })
  .input(listDeliveriesInput)
  .output(listDeliveriesOutput)
  .query(async ({ ctx, input }) => {
    const { rows, total } = await listDeliveries(ctx, input);
    return pageOf({ rows: rows.map(toDelivery), total }, input);
  });
