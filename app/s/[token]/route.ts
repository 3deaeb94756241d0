import { handleSheetRequest } from "~/server/http/sheet-handler";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleSheetRequest;
export const HEAD = handleSheetRequest;
