import { markNotificationsRead } from "../../../notifications/notification-list";
import { protectedProcedure } from "../../trpc";
import { markNotificationsReadInput, markNotificationsReadMeta, markNotificationsReadOutput } from "./mark-notifications-read.types";

/** Marks the caller's notices read: the ones named, or all of them. */
export const markNotificationsReadProcedure = protectedProcedure
  .meta(markNotificationsReadMeta)
  .input(markNotificationsReadInput)
  .output(markNotificationsReadOutput)
  .mutation(async ({ ctx, input }) => ({ marked: await markNotificationsRead(ctx, input) }));
