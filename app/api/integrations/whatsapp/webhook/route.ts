import { handleWhatsAppWebhook } from "~/server/messaging/webhook/whatsapp-webhook";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleWhatsAppWebhook;
export const POST = handleWhatsAppWebhook;
