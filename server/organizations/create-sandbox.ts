import { buildPrincipal, principalOrganizationSelect, toPrincipalOrganization } from "../auth/principal";
import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { createLead } from "../leads/create-lead";
import { copyPipelineStages } from "../pipeline/copy-stages";
import { createProject } from "../projects/create-project";
import { createPool } from "../round-robin/write-pool";
import { addMembership } from "../team/add-membership";
import { createOrganizationInTransaction } from "./create-organization";
import { SANDBOX_LEADS, SANDBOX_PROJECTS } from "./sandbox-samples";

/**
 * Sandbox organizations: an owner's copy of their organization's
 * configuration for building and testing integrations. A sandbox is an
 * organization of its own (its own API keys, which work exactly like live
 * keys, its own webhooks, which are delivered, its own rate limits and
 * monthly quota, so testing costs the live organization nothing), marked
 * `sandboxOfId`, with:
 * - the live pipeline (stages, names, colours, order, kinds);
 * - the live routing pools' settings and connections, with the owner as the
 *   only participant (no other member is copied, nor any lead or member data);
 * - sample projects, units and leads (sandbox-samples.ts);
 * - the owner who made it as its only member.
 * It never calls WhatsApp, email or Google (sandbox-guard.ts). One sandbox per
 * organization; all of it is made in one transaction.
 */

export interface SandboxSummary {
  id: string;
  name: string;
  slug: string | null;
  createdAt: Date;
}

export interface SandboxState {
  /** The organization the caller is in is itself a sandbox. */
  isSandbox: boolean;
  /** The live organization of a sandbox; null otherwise. */
  liveOrganization: { id: string; name: string } | null;
  /** The sandbox of a live organization, if made. */
  sandbox: SandboxSummary | null;
}

const summarySelect = { id: true, name: true, slug: true, createdAt: true } as const;

export async function readSandboxState({ db, principal }: DomainContext): Promise<SandboxState> {
  const organization = await db.organization.findUniqueOrThrow({
    where: { id: principal.organizationId },
    select: { sandboxOf: { select: { id: true, name: true } }, sandbox: { select: summarySelect } },
  });
  return { isSandbox: organization.sandboxOf !== null, liveOrganization: organization.sandboxOf, sandbox: organization.sandbox };
}

export async function createSandbox({ db, principal }: DomainContext): Promise<SandboxSummary> {
  const userId = principal.userId;
  if (userId === null) throw new Error("a sandbox is made by a person");
  return runInTransaction(db, async (tx) => {
    // Serialises concurrent creations for one organization (the unique sandboxOfId would refuse the second anyway).
    const [live] = await tx.$queryRaw<{ id: string; sandboxOfId: string | null }[]>`
      SELECT id, "sandboxOfId" FROM "Organization" WHERE id = ${principal.organizationId}::uuid FOR NO KEY UPDATE`;
    if (!live) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Organization" });
    if (live.sandboxOfId !== null) throw new ApiError("BAD_REQUEST", "sandbox.ofSandbox");
    if (await tx.organization.findUnique({ where: { sandboxOfId: live.id }, select: { id: true } })) {
      throw new ApiError("CONFLICT", "sandbox.exists");
    }
    const source = await tx.organization.findUniqueOrThrow({ where: { id: live.id } });
    const created = await createOrganizationInTransaction(tx, {
      name: `${source.name} (sandbox)`.slice(0, 200),
      timezone: source.timezone,
      locale: source.locale,
      maxLeads: source.maxLeads,
      maxProjects: source.maxProjects,
      maxWebhookEndpoints: source.maxWebhookEndpoints,
    });
    await tx.organization.update({ where: { id: created.id }, data: {
        sandboxOfId: live.id,
        defaultCountry: source.defaultCountry,
        currency: source.currency,
        universalLeadWebhookEnabled: source.universalLeadWebhookEnabled,
      },
    });
    await addMembership(tx, { organizationId: created.id, userId, role: "owner" });
    await copyPipelineStages(tx, live.id, created.id);

    const organization = await tx.organization.findUniqueOrThrow({ where: { id: created.id }, select: principalOrganizationSelect });
    const sandbox = { db, principal: buildPrincipal(toPrincipalOrganization(organization), { kind: "system" }) };
    const pools = await tx.roundRobinPool.findMany({
      where: { organizationId: live.id },
      orderBy: { createdAt: "asc" },
      include: { connections: true },
    });
    for (const pool of pools) {
      await createPool(sandbox, {
        name: pool.name,
        isActive: pool.isActive,
        assignInboundLeads: pool.assignInboundLeads,
        assignManualLeads: pool.assignManualLeads,
        emailNotificationsEnabled: pool.emailNotificationsEnabled,
        goalTotalDeals: pool.goalTotalDeals,
        goalWonDeals: pool.goalWonDeals,
        participantIds: [userId],
        connections: pool.connections.map(({ source, provider, sourceKey, adplatformPageId, adplatformFormId, adplatformAdId, adplatformCampaignId, utmCampaign, workflowId, isActive }) => ({
          source,
          provider,
          sourceKey,
          adplatformPageId,
          adplatformFormId,
          adplatformAdId,
          adplatformCampaignId,
          utmCampaign,
          workflowId,
          isActive,
        })),
      });
    }
    for (const project of SANDBOX_PROJECTS) await createProject(sandbox, project);
    for (const lead of SANDBOX_LEADS) await createLead(sandbox, { ...lead, instantReply: false });
    return { id: created.id, name: created.name, slug: created.slug, createdAt: created.createdAt };
  });
}
