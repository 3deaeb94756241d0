import type { MailTemplate } from "../render-mail";

/** Settings → Organization → "Send a test email": proves the SMTP settings work end to end. */
export const testMail: MailTemplate<{ organizationName: string; requestedBy: string }> = (locale, { organizationName, requestedBy }) =>
  locale === "es"
    ? {
        subject: `Correo de prueba de ${organizationName}`,
        paragraphs: [`${requestedBy} pidió este correo de prueba desde Configuración → Organización.`, "Si lo está leyendo, el correo saliente funciona."],
        footer: `inmo · ${organizationName}`,
      }
    : {
        subject: `Test email from ${organizationName}`,
        paragraphs: [`${requestedBy} asked for this test email from Settings → Organization.`, "If you are reading it, outgoing email works."],
        footer: `inmo · ${organizationName}`,
      };
