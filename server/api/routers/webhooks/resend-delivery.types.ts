import { z } from "zod";
import { pathIdSchema } from "../../../ids";

export const resendDeliveryInput = z.object({ id: pathIdSchema("delivery") });

export const resendDeliveryOutput = z.object({ id: z.uuid(), status: z.literal("pending") });
