import { OWNERS } from "../../../auth/roles";
import { createSandbox } from "../../../organizations/create-sandbox";
import { protectedProcedure } from "../../trpc";
import { createSandboxInput, createSandboxOutput } from "./sandbox.types";

/** Settings → Organization → Sandbox: an owner copies the organization's configuration into a sandbox organization. */
export const createSandboxProcedure = protectedProcedure
  .meta({ scope: "none", roles: OWNERS })
  .input(createSandboxInput)
  .output(createSandboxOutput)
  .mutation(async ({ ctx }) => {
    const sandbox = await createSandbox(ctx);
    return { ...sandbox, createdAt: sandbox.createdAt.toISOString() };
  });
