import { z } from "zod";
import { pathIdSchema } from "../../../ids";

export const disconnectSenderInput = z.object({ id: pathIdSchema("sender") });

export const disconnectSenderOutput = z.object({ id: z.uuid(), deleted: z.literal(true) });
