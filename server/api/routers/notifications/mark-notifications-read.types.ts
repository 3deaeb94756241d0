import { z } from "zod";
import { ANY_ROLE } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";

export const markNotificationsReadMeta: ProcedureMeta = { scope: "none", roles: ANY_ROLE };

export const markNotificationsReadInput = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);

export const markNotificationsReadOutput = z.object({ marked: z.number().int() });
