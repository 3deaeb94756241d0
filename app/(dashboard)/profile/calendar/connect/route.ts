import { handleCalendarConnect } from "~/server/calendar/connect-routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleCalendarConnect;
