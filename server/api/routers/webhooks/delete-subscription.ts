import { deleteSubscriptionForPrincipal } from "../../../webhooks/api-subscriptions";
import { protectedProcedure } from "../../trpc";
import { deleteSubscriptionInput, deleteSubscriptionMeta, deleteSubscriptionOutput } from "./delete-subscription.types";

export const deleteSubscriptionProcedure = protectedProcedure
  .meta(deleteSubscriptionMeta)
  .input(deleteSubscriptionInput)
  .output(deleteSubscriptionOutput)
  .mutation(async ({ ctx, input }) => {
    const { id } = await deleteSubscriptionForPrincipal(ctx, input.id);
    return { id, deleted: true as const };
  });
