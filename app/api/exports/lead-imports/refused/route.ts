import { handleDashboardDownload } from "~/server/http/dashboard-download";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleDashboardDownload("leads.imports.refusedRows");
