import { resendDelivery } from "../../../webhooks/delivery-log";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { resendDeliveryInput, resendDeliveryOutput } from "./resend-delivery.types";

export const resendDeliveryProcedure = protectedProcedure
  .meta({ scope: "webhooks:manage", roles: MANAGERS })
  .input(resendDeliveryInput)
  .output(resendDeliveryOutput)
  .mutation(({ ctx, input }) => resendDelivery(ctx, input.id));
