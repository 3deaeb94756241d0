import { createTRPCRouter } from "../../trpc";
import { connectAdPageProcedure } from "./connect-ad-page";
import { disconnectAdPageProcedure } from "./disconnect-ad-page";
import { listAdPagesProcedure } from "./list-ad-pages";
import { updateAdPageMappingProcedure } from "./update-ad-page-mapping";

export const leadSourcesRouter = createTRPCRouter({
  pages: listAdPagesProcedure,
  connect: connectAdPageProcedure,
  updateMapping: updateAdPageMappingProcedure,
  disconnect: disconnectAdPageProcedure,
});
