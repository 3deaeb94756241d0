import { ANY_ROLE } from "../../../auth/roles";
import { readSandboxState } from "../../../organizations/create-sandbox";
import { protectedProcedure } from "../../trpc";
import { getSandboxInput, getSandboxOutput } from "./sandbox.types";

/** Every member sees whether they are in a sandbox (the dashboard marks it); making one is for owners. */
export const getSandboxProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(getSandboxInput)
  .output(getSandboxOutput)
  .query(async ({ ctx }) => {
    const state = await readSandboxState(ctx);
    return { ...state, sandbox: state.sandbox && { ...state.sandbox, createdAt: state.sandbox.createdAt.toISOString() } };
  });
