import { resendDelivery } from "../../../webhooks/delivery-log";
import { webhookDashboardProcedure } from "./dashboard-procedure";
import { resendDeliveryInput, resendDeliveryOutput } from "./resend-delivery.types";

export const resendDeliveryProcedure = webhookDashboardProcedure
  .input(resendDeliveryInput)
  .output(resendDeliveryOutput)
  .mutation(({ ctx, input }) => resendDelivery(ctx, input.id));
