import { createMyOrganization } from "../../../account/my-organizations";
import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { createMyOrganizationInput, createMyOrganizationOutput } from "./create-my-organization.types";

export const createMyOrganizationProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(createMyOrganizationInput)
  .output(createMyOrganizationOutput)
  .mutation(({ ctx, input }) => createMyOrganization(ctx, input));
