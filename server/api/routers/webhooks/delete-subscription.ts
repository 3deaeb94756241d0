import { deleteSubscriptionForPrincipal } from "../../../webhooks/api-subscriptions";
import { protectedProcedure } from "../../trpc";
import { deleteSubscriptionInput, deleteSubscriptionMeta, deleteSubscriptionOutput } from "./delete-subscription.types";

export const deleteSubscription = protectedProcedure
  .meta(deleteSubscriptionMeta)
  .input(deleteSubscriptionInput)
  .output(deleteSubscriptionOutput)
  .mutation(async ({ ctx, input }) => {
    const { id } = await deleteSubscriptionForPrincipal({ db: ctx.db, principal: ctx.principal }, input.id);
    return { id, deleted: true as const };
  });
