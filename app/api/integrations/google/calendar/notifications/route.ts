import { handleCalendarPush } from "~/server/calendar/sync/push-notification";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = handleCalendarPush;
