import type { MailTemplate } from "../render-mail";
import { subjectText } from "../subject-text";

/** Settings → Organization → "Send a test email": proves the SMTP settings work end to end. */
export const testMail: MailTemplate<{ organizationName: string; requestedBy: string }> = (locale, { organizationName, requestedBy }) =>
  locale === "es"
    ? {
        subject: `Correo de prueba de ${subjectText(organizationName) ?? "inmo"}`,
        paragraphs: [`${requestedBy} pidió este correo de prueba desde Configuración → Organización.`, "Si lo está leyendo, el correo saliente funciona."],
        footer: `inmo · ${organizationName}`,
      }
    : {
        subject: `Test email from ${subjectText(organizationName) ?? "inmo"}`,
        paragraphs: [`${requestedBy} asked for this test email from Settings → Organization.`, "If you are reading it, outgoing email works."],
        footer: `inmo · ${organizationName}`,
      };
