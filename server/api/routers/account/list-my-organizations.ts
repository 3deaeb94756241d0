import { listMyOrganizations } from "../../../account/my-organizations";
import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { listMyOrganizationsInput, listMyOrganizationsOutput } from "./list-my-organizations.types";

export const listMyOrganizationsProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(listMyOrganizationsInput)
  .output(listMyOrganizationsOutput)
  .query(async ({ ctx }) => ({
    activeOrganizationId: ctx.principal.organizationId,
    data: await listMyOrganizations(ctx),
  }));
