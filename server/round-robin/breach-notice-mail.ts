import type { DbTx } from "../db/client";
import { appOrigin } from "../config/app-origin";
import { queueMail } from "../mail/queue-mail";
import { renderMail, type MailTemplate } from "../mail/render-mail";
import { subjectText } from "../mail/subject-text";
import type { LeadRepresentation } from "../leads/lead-representation";

interface NoticeParams {
  leadName: string;
  ownerName: string;
  poolName: string;
  url: string;
  organizationName: string;
}

/** To the pool's follower: an owner missed a lead's first-touch deadline. */
export const breachNoticeMail: MailTemplate<NoticeParams> = (locale, p) =>
  locale === "es"
    ? {
        subject: `Primer contacto vencido: ${subjectText(p.leadName) || "un lead"}`,
        paragraphs: [`${p.ownerName} no hizo el primer contacto con ${p.leadName} a tiempo en el round robin «${p.poolName}».`],
        action: { label: "Abrir el lead", url: p.url },
        footer: `inmo · ${p.organizationName}`,
      }
    : {
        subject: `First touch missed: ${subjectText(p.leadName) || "a lead"}`,
        paragraphs: [`${p.ownerName} did not reach ${p.leadName} in time in the round robin “${p.poolName}”.`],
        action: { label: "Open the lead", url: p.url },
        footer: `inmo · ${p.organizationName}`,
      };

/** Queues the notice to the pool's follower in the escalating transaction; false when the pool has no follower who is still a member. */
export async function queueBreachNotice(tx: DbTx, organizationId: string, poolId: string, lead: LeadRepresentation): Promise<boolean> {
  const pool = await tx.roundRobinPool.findFirst({
    where: { id: poolId, organizationId },
    select: { name: true, followerUserId: true, organization: { select: { name: true, locale: true } } },
  });
  if (!pool?.followerUserId) return false;
  const follower = await tx.membership.findFirst({ where: { organizationId, userId: pool.followerUserId }, select: { user: { select: { email: true } } } });
  if (!follower) return false;
  const leadName = [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || lead.phone || lead.id;
  const message = renderMail(
    breachNoticeMail,
    pool.organization.locale,
    {
      leadName,
      ownerName: lead.assignedTo?.name ?? "—",
      poolName: pool.name,
      url: new URL(`/leads/${lead.id}`, appOrigin()).toString(),
      organizationName: pool.organization.name,
    },
    follower.user.email,
  );
  await queueMail(tx, { organizationId, kind: "round_robin.first_touch_breached", message });
  return true;
}
