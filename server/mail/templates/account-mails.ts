import type { MailTemplate } from "../render-mail";
import type { MemberRole } from "../../auth/roles";
import { subjectText } from "../subject-text";

const ROLE_NAMES = {
  en: { owner: "an owner", admin: "an admin", member: "a member" },
  es: { owner: "propietario", admin: "administrador", member: "miembro" },
} as const;

/** Settings → Members → Invite: the link to the accept page, valid 7 days. */
export const invitationMail: MailTemplate<{ organizationName: string; inviterName: string; role: MemberRole; url: string }> = (
  locale,
  { organizationName, inviterName, role, url },
) => {
  const inviter = subjectText(inviterName);
  const organization = subjectText(organizationName);
  const named = inviter !== null && organization !== null;
  return locale === "es"
    ? {
        subject: named ? `${inviter} te invita a ${organization} en inmo` : "Te invitan a una organización en inmo",
        paragraphs: [
          `${inviterName} te invita a unirte a ${organizationName} como ${ROLE_NAMES.es[role]}.`,
          "El enlace caduca en 7 días. Si no esperabas esta invitación, ignora este correo.",
        ],
        action: { label: "Aceptar la invitación", url },
        footer: `inmo · ${organizationName}`,
      }
    : {
        subject: named ? `${inviter} invited you to ${organization} on inmo` : "You are invited to an organization on inmo",
        paragraphs: [
          `${inviterName} invited you to join ${organizationName} as ${ROLE_NAMES.en[role]}.`,
          "The link expires in 7 days. If you did not expect this invitation, ignore this email.",
        ],
        action: { label: "Accept the invitation", url },
        footer: `inmo · ${organizationName}`,
      };
};

/** After sign-up (or on request): proves the person reads this address. */
export const verifyEmailMail: MailTemplate<{ name: string; url: string }> = (locale, { name, url }) =>
  locale === "es"
    ? {
        subject: "Confirma tu correo en inmo",
        greeting: `Hola, ${name}:`,
        paragraphs: ["Confirma que esta dirección es tuya para que puedan invitarte a otras organizaciones.", "Si no creaste una cuenta en inmo, ignora este correo."],
        action: { label: "Confirmar mi correo", url },
        footer: "inmo",
      }
    : {
        subject: "Confirm your email for inmo",
        greeting: `Hi ${name},`,
        paragraphs: ["Confirm this address is yours, so organizations can invite you.", "If you did not create an inmo account, ignore this email."],
        action: { label: "Confirm my email", url },
        footer: "inmo",
      };

/** Forgot password: a single-use link valid one hour. */
export const resetPasswordMail: MailTemplate<{ name: string; url: string }> = (locale, { name, url }) =>
  locale === "es"
    ? {
        subject: "Restablece tu contraseña de inmo",
        greeting: `Hola, ${name}:`,
        paragraphs: [
          "Alguien pidió restablecer la contraseña de tu cuenta. El enlace sirve una sola vez y caduca en 1 hora.",
          "Si no fuiste tú, ignora este correo: tu contraseña no cambia.",
        ],
        action: { label: "Elegir una contraseña nueva", url },
        footer: "inmo",
      }
    : {
        subject: "Reset your inmo password",
        greeting: `Hi ${name},`,
        paragraphs: [
          "Someone asked to reset the password of your account. The link works once and expires in 1 hour.",
          "If it was not you, ignore this email: your password stays as it is.",
        ],
        action: { label: "Choose a new password", url },
        footer: "inmo",
      };

/**
 * Sign-up with an address that already has an account: the page answers as
 * for a new address (second audit, L4), and the owner of the address learns
 * about it here, with the way back in. No token: the link is the public
 * forgot-password page.
 */
export const accountExistsMail: MailTemplate<{ name: string; url: string }> = (locale, { name, url }) =>
  locale === "es"
    ? {
        subject: "Ya tienes una cuenta en inmo",
        greeting: `Hola, ${name}:`,
        paragraphs: [
          "Alguien intentó crear una cuenta de inmo con esta dirección, que ya tiene una. No se creó nada.",
          "Si fuiste tú, inicia sesión; si no recuerdas la contraseña, elige una nueva. Si no fuiste tú, ignora este correo.",
        ],
        action: { label: "Elegir una contraseña nueva", url },
        footer: "inmo",
      }
    : {
        subject: "You already have an inmo account",
        greeting: `Hi ${name},`,
        paragraphs: [
          "Someone tried to create an inmo account with this address, which already has one. Nothing was created.",
          "If it was you, sign in; if you do not remember your password, choose a new one. If it was not you, ignore this email.",
        ],
        action: { label: "Choose a new password", url },
        footer: "inmo",
      };
