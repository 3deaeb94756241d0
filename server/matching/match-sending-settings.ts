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
  /** Each channel and whether it can send for the organization now (the same answer instant replies use). */
  availableChannels: ChannelState[];
  /** True when sending is on and at least one of its channels can send now. */
  canSend: boolean;
}

/**
 * Whether anything sends units to leads yet. The setting is kept and checked
 * now, but until the sending job exists nothing leaves, and saying so
 * (`canSend: false`) is the only answer that does not pretend.
 */
const SENDING_ACTIVE = false;

/** A project without a row: nobody is notified and nothing is sent, so switching it on is always a decision. */
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

const settingSelect = { notifyOwner: true, sendToLead: true, whatsAppTemplateName: true, whatsAppLanguages: true, emailTemplates: true } as const;

type SettingRow = Prisma.MatchSendingSettingGetPayload<{ select: typeof settingSelect }>;

function settingsOfRow(row: SettingRow): MatchSendingSettings {
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

/** The setting that decides a project's new matches (the defaults when none was saved). */
export async function matchSendingOf(db: Db | DbTx, organizationId: string, projectId: string): Promise<MatchSendingSettings> {
  const row = await db.matchSendingSetting.findFirst({ where: { projectId, organizationId }, select: settingSelect });
  return row ? settingsOfRow(row) : DEFAULT_MATCH_SENDING;
}

export async function getMatchSending({ db, principal }: DomainContext, projectId: string): Promise<MatchSendingView> {
  const organizationId = principal.organizationId;
  await assertProject(db, organizationId, projectId);
  const settings = await matchSendingOf(db, organizationId, projectId);
  const availableChannels = await replyChannels(db, organizationId, principal.organization.sandbox);
  const channelCanSend = channelsOfMode(settings.sendToLead).some((channel) => availableChannels.find((state) => state.channel === channel)?.available);
  const canSend = SENDING_ACTIVE && channelCanSend;
  return { projectId, ...settings, availableChannels, canSend };
}

/** What sending needs: each channel the mode uses has its message in at least one language. */
function issuesOf(settings: MatchSendingSettings): ValidationIssue[] {
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

export async function updateMatchSending(ctx: DomainContext, projectId: string, changes: MatchSendingChanges): Promise<MatchSendingView> {
  const { db, principal } = ctx;
  const organizationId = principal.organizationId;
  await assertProject(db, organizationId, projectId);
  const before = await matchSendingOf(db, organizationId, projectId);
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
  const data = {
    notifyOwner: after.notifyOwner,
    sendToLead: after.sendToLead,
    whatsAppTemplateName: after.whatsApp.templateName,
    whatsAppLanguages: after.whatsApp.languages as Prisma.InputJsonValue,
    emailTemplates: after.email as Prisma.InputJsonValue,
  };
  // The project was read in this organization above; the key is the project, so two saves at once end as one row.
  await db.matchSendingSetting.upsert({ where: { projectId }, create: { projectId, organizationId, ...data }, update: data });
  return getMatchSending(ctx, projectId);
}
