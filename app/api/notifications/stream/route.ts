import { notificationStream } from "~/server/notifications/live-stream";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = notificationStream;
