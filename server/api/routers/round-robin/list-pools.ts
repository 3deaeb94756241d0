import { protectedProcedure } from "../../trpc";
import { pageOf } from "../../schemas/pagination";
import { listPools } from "../../../round-robin/read-pool";
import { listPoolsInput, listPoolsMeta, listPoolsOutput } from "./list-pools.types";
import { toWire } from "./round-robin.types";

export const listPoolsProcedure = protectedProcedure
  .meta(listPoolsMeta)
  .input(listPoolsInput)
  .output(listPoolsOutput)
  .query(async ({ ctx, input }) => toWire(pageOf(await listPools(ctx, input), input)));
