import { createMyOrganization } from "../../../account/my-organizations";
import { sessionProcedure } from "./session-procedure";
import { createMyOrganizationInput, createMyOrganizationOutput } from "./create-my-organization.types";

export const createMyOrganizationProcedure = sessionProcedure
  .input(createMyOrganizationInput)
  .output(createMyOrganizationOutput)
  .mutation(({ ctx, input }) => createMyOrganization(ctx, input));
