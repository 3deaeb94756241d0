import type { DbTx } from "../db/client";
import { queueMail } from "../mail/queue-mail";
import { renderMail, type MailTemplate } from "../mail/render-mail";
import { subjectText } from "../mail/subject-text";
import { appOrigin } from "../config/app-origin";

interface AssignmentMailParams {
  poolName: string;
  leadName: string;
  phone: string | null;
  source: string;
  url: string;
  organizationName: string;
}

/** The assignee's email for one lead a pool gave them: who, how to reach them, where from, and a link. */
export const leadAssignedMail: MailTemplate<AssignmentMailParams> = (locale, p) =>
  locale === "es"
    ? {
        subject: subjectText(p.leadName) ? `Nuevo lead para ti: ${subjectText(p.leadName)}` : "Nuevo lead para ti",
        paragraphs: [
          `El round robin «${p.poolName}» te asignó a ${p.leadName}.`,
          `Teléfono: ${p.phone ?? "—"} · Origen: ${p.source}`,
        ],
        action: { label: "Abrir el lead", url: p.url },
        footer: `inmo · ${p.organizationName}`,
      }
    : {
        subject: subjectText(p.leadName) ? `New lead for you: ${subjectText(p.leadName)}` : "New lead for you",
        paragraphs: [`The round robin “${p.poolName}” assigned ${p.leadName} to you.`, `Phone: ${p.phone ?? "—"} · Source: ${p.source}`],
        action: { label: "Open the lead", url: p.url },
        footer: `inmo · ${p.organizationName}`,
      };

export function leadUrl(leadId: string): string {
  return new URL(`/leads/${leadId}`, appOrigin()).toString();
}

/**
 * Queues the assignee's email in the assigning transaction (outbox), for pools
 * with `emailNotificationsEnabled`; sent by the send-mail job after commit.
 */
export async function queueAssignmentMail(
  tx: DbTx,
  organizationId: string,
  assignment: { poolId: string; userId: string; lead: { id: string; firstName: string | null; lastName: string | null; email: string | null; phone: string | null; source: string } },
): Promise<void> {
  const [user, pool, organization] = await Promise.all([
    tx.user.findUnique({ where: { id: assignment.userId }, select: { email: true } }),
    tx.roundRobinPool.findUnique({ where: { id: assignment.poolId }, select: { name: true } }),
    tx.organization.findUnique({ where: { id: organizationId }, select: { name: true, locale: true } }),
  ]);
  if (!user || !pool || !organization) return;
  const { lead } = assignment;
  const leadName = [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || lead.phone || lead.id;
  const message = renderMail(
    leadAssignedMail,
    organization.locale,
    { poolName: pool.name, leadName, phone: lead.phone, source: lead.source, url: leadUrl(lead.id), organizationName: organization.name },
    user.email,
  );
  await queueMail(tx, { organizationId, kind: "lead.assigned", message });
}
