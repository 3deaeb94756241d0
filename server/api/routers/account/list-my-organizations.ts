import { listMyOrganizations } from "../../../account/my-organizations";
import { sessionProcedure } from "./session-procedure";
import { listMyOrganizationsInput, listMyOrganizationsOutput } from "./list-my-organizations.types";

export const listMyOrganizationsProcedure = sessionProcedure
  .input(listMyOrganizationsInput)
  .output(listMyOrganizationsOutput)
  .query(async ({ ctx }) => ({
    activeOrganizationId: ctx.principal.organizationId,
    data: await listMyOrganizations(ctx),
  }));
