import type { DomainContext } from "../domain-context";
import type { Db, DbTx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import type { ValidationIssue } from "../i18n/validation-reasons";
import type { Locale } from "../i18n/messages";
import { replyChannels, type ChannelState, type InstantReplyChannel } from "../messaging/channel-availability";
import { projectNotFound } from "../projects/catalog-errors";

/** How a new match's unit goes to the lead: not at all, by one channel, or WhatsApp first and e-mail when WhatsApp cannot reach the lead. */
export const SEND_TO_LEAD_MODES = ["off", "whatsapp", "email", "whatsapp_then_email"] as const;
export type SendToLeadMode = (typeof SEND_TO_LEAD_MODES)[number];

export interface MatchEmailTemplate {
  subject: string;
  body: string;
}

export interface MatchSendingSettings {
  notifyOwner: boolean;
  sendToLead: SendToLeadMode;
  whatsApp: { templateName: string | null; languages: Partial<Record<Locale, string>> };
  email: Partial<Record<Locale, MatchEmailTemplate>>;
}

export interface MatchSendingView extends MatchSendingSettings {
  projectId: string;
  /** True when the project has no setting of its own and the organization's default (or the built-in one) decides. */
  usesOrganizationDefault: boolean;
  /** Each channel and whether it can send for the organization now (the same answer instant replies use). */
  availableChannels: ChannelState[];
  /** True when sending is on and at least one of its channels can send now. */
  canSend: boolean;
}

/** Nothing saved anywhere: nobody is notified and nothing is sent, so switching it on is always a decision. */
export const DEFAULT_MATCH_SENDING: MatchSendingSettings = {
  notifyOwner: false,
  sendToLead: "off",
  whatsApp: { templateName: null, languages: {} },
  email: {},
};

/** The channels a mode uses, in the order tried. */
export function channelsOfMode(mode: SendToLeadMode): InstantReplyChannel[] {
  if (mode === "off") return [];
  if (mode === "whatsapp_then_email") return ["whatsapp", "email"];
  return [mode];
}

export const settingSelect = { notifyOwner: true, sendToLead: true, whatsAppTemplateName: true, whatsAppLanguages: true, emailTemplates: true } as const;

type SettingRow = Prisma.MatchSendingSettingGetPayload<{ select: typeof settingSelect }>;

export function settingsOfRow(row: SettingRow): MatchSendingSettings {
  return {
    notifyOwner: row.notifyOwner,
    sendToLead: row.sendToLead as SendToLeadMode,
    whatsApp: { templateName: row.whatsAppTemplateName, languages: (row.whatsAppLanguages ?? {}) as MatchSendingSettings["whatsApp"]["languages"] },
    email: (row.emailTemplates ?? {}) as MatchSendingSettings["email"],
  };
}

async function assertProject(db: Db | DbTx, organizationId: string, projectId: string): Promise<void> {
  const project = await db.project.findFirst({ where: { id: projectId, organizationId }, select: { id: true } });
  if (!project) throw projectNotFound();
}

/** The organization's default for projects without their own setting (the built-in one when none was saved). */
export async function organizationMatchSendingOf(db: Db | DbTx, organizationId: string): Promise<MatchSendingSettings> {
  const row = await db.matchSendingDefault.findUnique({ where: { organizationId }, select: settingSelect });
  return row ? settingsOfRow(row) : DEFAULT_MATCH_SENDING;
}

/** The setting that decides a project's new matches: the project's own, else the organization's default. */
export async function effectiveMatchSending(
  db: Db | DbTx,
  organizationId: string,
  projectId: string,
): Promise<MatchSendingSettings & { usesOrganizationDefault: boolean }> {
  const row = await db.matchSendingSetting.findFirst({ where: { projectId, organizationId }, select: settingSelect });
  if (row) return { ...settingsOfRow(row), usesOrganizationDefault: false };
  return { ...(await organizationMatchSendingOf(db, organizationId)), usesOrganizationDefault: true };
}

/** Whether a mode can send now: one of its channels is available (false for `off`). */
export function modeCanSend(mode: SendToLeadMode, availableChannels: readonly ChannelState[]): boolean {
  return channelsOfMode(mode).some((channel) => availableChannels.find((state) => state.channel === channel)?.available);
}

export async function getMatchSending({ db, principal }: DomainContext, projectId: string): Promise<MatchSendingView> {
  const organizationId = principal.organizationId;
  await assertProject(db, organizationId, projectId);
  const settings = await effectiveMatchSending(db, organizationId, projectId);
  const availableChannels = await replyChannels(db, organizationId, principal.organization.sandbox);
  return { projectId, ...settings, availableChannels, canSend: modeCanSend(settings.sendToLead, availableChannels) };
}

/** What sending needs: each channel the mode uses has its message in at least one language. */
export function issuesOf(settings: MatchSendingSettings): ValidationIssue[] {
  const channels = channelsOfMode(settings.sendToLead);
  const issues: ValidationIssue[] = [];
  if (channels.includes("whatsapp")) {
    if (!settings.whatsApp.templateName) issues.push({ path: "whatsApp.templateName", reason: "validation.required" });
    if (Object.keys(settings.whatsApp.languages).length === 0) issues.push({ path: "whatsApp.languages", reason: "validation.required" });
  }
  if (channels.includes("email") && Object.keys(settings.email).length === 0) issues.push({ path: "email", reason: "validation.required" });
  return issues;
}

/** A field left out keeps its value; `whatsApp.languages` and `email` are replaced whole when given. */
export interface MatchSendingChanges {
  notifyOwner?: boolean;
  sendToLead?: SendToLeadMode;
  whatsApp?: { templateName?: string | null; languages?: Partial<Record<Locale, string>> };
  email?: Partial<Record<Locale, MatchEmailTemplate>>;
}

/** The settings after the changes, checked (400 when a channel the mode uses has no message). */
export function applyChanges(before: MatchSendingSettings, changes: MatchSendingChanges): MatchSendingSettings {
  const after: MatchSendingSettings = {
    notifyOwner: changes.notifyOwner ?? before.notifyOwner,
    sendToLead: changes.sendToLead ?? before.sendToLead,
    whatsApp: {
      templateName: changes.whatsApp?.templateName !== undefined ? changes.whatsApp.templateName : before.whatsApp.templateName,
      languages: changes.whatsApp?.languages ?? before.whatsApp.languages,
    },
    email: changes.email ?? before.email,
  };
  const issues = issuesOf(after);
  if (issues.length > 0) throw ApiError.invalid(issues);
  return after;
}

/** The columns of a setting (a project's or the organization's default). */
export function rowOf(after: MatchSendingSettings) {
  return {
    notifyOwner: after.notifyOwner,
    sendToLead: after.sendToLead,
    whatsAppTemplateName: after.whatsApp.templateName,
    whatsAppLanguages: after.whatsApp.languages as Prisma.InputJsonValue,
    emailTemplates: after.email as Prisma.InputJsonValue,
  };
}

/**
 * Saves a project's own setting. A project that followed the organization's
 * default starts from it, so changing one field keeps the others as they
 * applied; from then on the project no longer follows the default.
 */
export async function updateMatchSending(ctx: DomainContext, projectId: string, changes: MatchSendingChanges): Promise<MatchSendingView> {
  const { db, principal } = ctx;
  const organizationId = principal.organizationId;
  await assertProject(db, organizationId, projectId);
  const after = applyChanges(await effectiveMatchSending(db, organizationId, projectId), changes);
  const data = rowOf(after);
  // The project was read in this organization above; the key is the project, so two saves at once end as one row.
  await db.matchSendingSetting.upsert({ where: { projectId }, create: { projectId, organizationId, ...data }, update: data });
  return getMatchSending(ctx, projectId);
}

/** The setting deciding each of these projects (its own, else the organization's default), for work over many matches at once. */
export async function effectiveMatchSendingOfProjects(
  db: Db | DbTx,
  organizationId: string,
  projectIds: readonly string[],
): Promise<Map<string, MatchSendingSettings>> {
  const [rows, fallback] = await Promise.all([
    db.matchSendingSetting.findMany({ where: { organizationId, projectId: { in: [...projectIds] } }, select: { projectId: true, ...settingSelect } }),
    organizationMatchSendingOf(db, organizationId),
  ]);
  const own = new Map(rows.map((row) => [row.projectId, settingsOfRow(row)]));
  return new Map(projectIds.map((projectId) => [projectId, own.get(projectId) ?? fallback]));
}
