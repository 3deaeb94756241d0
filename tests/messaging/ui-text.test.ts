import { describe, expect, it } from "vitest";
import { failureText, fillTemplate, formatMessageTime, type WhatsAppMessage } from "../../components/messaging/messaging-presentation";
import { en } from "../../lib/i18n/en";
import { es } from "../../lib/i18n/es";
import { errorMessageOf } from "../../lib/trpc/errors";

/** What the WhatsApp card and the dashboard show, from the data the server sends. */
const apiError = (status: number, code: string, message: string) => ({ data: { api: { status, code, message } } });

describe("provider errors in the dashboard", () => {
  it("shows WhatsApp's 502/503/504 messages (they say what happened and when to retry), never an internal error's", () => {
    expect(errorMessageOf(apiError(503, "SERVICE_UNAVAILABLE", "WhatsApp is limiting… retry in 60 s."), "fallback")).toBe("WhatsApp is limiting… retry in 60 s.");
    expect(errorMessageOf(apiError(504, "GATEWAY_TIMEOUT", "WhatsApp did not answer within 10 s."), "fallback")).toBe("WhatsApp did not answer within 10 s.");
    expect(errorMessageOf(apiError(500, "INTERNAL_ERROR", "Unexpected error."), "fallback")).toBe("fallback");
  });
});

describe("the WhatsApp card's text", () => {
  const failed = (code: number | null, reason: string) => ({ failure: { code, reason } }) as WhatsAppMessage;

  it("explains known failure codes in the reader's language and shows WhatsApp's reason otherwise", () => {
    expect(failureText(failed(131047, "(#131047) Re-engagement message"), en)).toBe(en.messaging.failures["131047"]);
    expect(failureText(failed(131047, "(#131047) Re-engagement message"), es)).toMatch(/24 horas/);
    expect(failureText(failed(131999, "(#131999) Something new"), en)).toBe("(#131999) Something new");
    expect(failureText({ failure: null } as WhatsAppMessage, en)).toBeNull();
  });

  it("previews a template with the values typed so far", () => {
    expect(fillTemplate("Hola {{1}}, tu visita a {{2}} está confirmada.", ["Ana"])).toBe("Hola Ana, tu visita a {{2}} está confirmada.");
    expect(fillTemplate("Hola {{1}}, tu visita a {{ 2 }} está confirmada.", ["Ana", "Torre Azul"])).toBe("Hola Ana, tu visita a Torre Azul está confirmada.");
  });

  it("dates a message like a chat: the time today, the day this year, the full date before, in the organization's zone", () => {
    const now = new Date("2026-11-24T15:00:00Z");
    const zone = { locale: "en" as const, timeZone: "America/Panama" };
    expect(formatMessageTime("2026-11-24T14:05:00Z", zone, now)).toBe("9:05 AM");
    // 02:00 UTC on the 24th is still the 23rd in Panama.
    expect(formatMessageTime("2026-11-24T02:00:00Z", zone, now)).toBe("Nov 23, 9:00 PM");
    expect(formatMessageTime("2025-11-24T14:05:00Z", zone, now)).toMatch(/^Nov 24, 2025/);
  });
});
