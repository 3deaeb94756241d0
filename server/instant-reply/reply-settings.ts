import type { DomainContext } from "../domain-context";
import type { Db, DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import type { ValidationIssue } from "../i18n/validation-reasons";
import type { Locale } from "../i18n/messages";
import { isUuid } from "../ids";
import { LEAD_SOURCES, type LeadSource } from "../leads/lead-enums";
import { poolNotFound } from "../round-robin/pool-errors";
import { replyChannels, type ChannelState, type InstantReplyChannel } from "../messaging/channel-availability";

/** Whose setting: a round-robin pool's, or a lead source's (organization-wide for leads of that source). */
export type ReplyScope = { roundRobinId: string } | { source: LeadSource };

export interface EmailTemplate {
  subject: string;
  body: string;
}

export interface ReplySettings {
  enabled: boolean;
  /** Tried in this order; the first that can reach the lead is used. */
  channels: InstantReplyChannel[];
  whatsApp: { templateName: string | null; languages: Partial<Record<Locale, string>> };
  email: Partial<Record<Locale, EmailTemplate>>;
}

export interface ReplySettingsView extends ReplySettings {
  scope: ReplyScope;
  /** Each channel and whether it can send for the organization now. */
  availableChannels: ChannelState[];
  /** True when at least one channel the setting lists can send now. */
  canSend: boolean;
}

export const DEFAULT_REPLY_SETTINGS: ReplySettings = {
  enabled: false,
  channels: ["whatsapp", "email"],
  whatsApp: { templateName: null, languages: {} },
  email: {},
};

export interface SettingRow {
  enabled: boolean;
  channels: string[];
  whatsAppTemplateName: string | null;
  whatsAppLanguages: Prisma.JsonValue;
  emailTemplates: Prisma.JsonValue;
}

export function settingsOfRow(row: SettingRow): ReplySettings {
  return {
    enabled: row.enabled,
    channels: row.channels as InstantReplyChannel[],
    whatsApp: { templateName: row.whatsAppTemplateName, languages: (row.whatsAppLanguages ?? {}) as ReplySettings["whatsApp"]["languages"] },
    email: (row.emailTemplates ?? {}) as ReplySettings["email"],
  };
}

const settingSelect = { enabled: true, channels: true, whatsAppTemplateName: true, whatsAppLanguages: true, emailTemplates: true } as const;

function whereOf(organizationId: string, scope: ReplyScope) {
  return "roundRobinId" in scope ? { organizationId, roundRobinId: scope.roundRobinId } : { organizationId, source: scope.source };
}

async function assertScope(db: Db | DbTx, organizationId: string, scope: ReplyScope): Promise<void> {
  if (!("roundRobinId" in scope)) return;
  if (!isUuid(scope.roundRobinId)) throw poolNotFound();
  const pool = await db.roundRobinPool.findFirst({ where: { id: scope.roundRobinId, organizationId }, select: { id: true } });
  if (!pool) throw poolNotFound();
}

export async function getReplySettings({ db, principal }: DomainContext, scope: ReplyScope): Promise<ReplySettingsView> {
  const organizationId = principal.organizationId;
  await assertScope(db, organizationId, scope);
  const row = await db.instantReplySetting.findFirst({ where: whereOf(organizationId, scope), select: settingSelect });
  const settings = row ? settingsOfRow(row) : DEFAULT_REPLY_SETTINGS;
  const availableChannels = await replyChannels(db, organizationId, principal.organization.sandbox);
  const canSend = settings.channels.some((channel) => availableChannels.find((state) => state.channel === channel)?.available);
  return { scope, ...settings, availableChannels, canSend };
}

/** What a setting must hold to be switched on: each channel it lists has its message in at least one language. */
function issuesOf(settings: ReplySettings): ValidationIssue[] {
  if (!settings.enabled) return [];
  const issues: ValidationIssue[] = [];
  if (settings.channels.length === 0) issues.push({ path: "channels", reason: "validation.required" });
  if (settings.channels.includes("whatsapp")) {
    if (!settings.whatsApp.templateName) issues.push({ path: "whatsApp.templateName", reason: "validation.required" });
    if (Object.keys(settings.whatsApp.languages).length === 0) issues.push({ path: "whatsApp.languages", reason: "validation.required" });
  }
  if (settings.channels.includes("email") && Object.keys(settings.email).length === 0) {
    issues.push({ path: "email", reason: "validation.required" });
  }
  return issues;
}

/** A field left out keeps its value; `whatsApp.languages` and `email` are replaced whole when given. */
export interface ReplySettingsChanges {
  enabled?: boolean;
  channels?: InstantReplyChannel[];
  whatsApp?: { templateName?: string | null; languages?: Partial<Record<Locale, string>> };
  email?: Partial<Record<Locale, EmailTemplate>>;
}

export async function updateReplySettings(ctx: DomainContext, scope: ReplyScope, changes: ReplySettingsChanges): Promise<ReplySettingsView> {
  const { db, principal } = ctx;
  const organizationId = principal.organizationId;
  await assertScope(db, organizationId, scope);
  const where = whereOf(organizationId, scope);
  const row = await db.instantReplySetting.findFirst({ where, select: { id: true, ...settingSelect } });
  const before = row ? settingsOfRow(row) : DEFAULT_REPLY_SETTINGS;
  const after: ReplySettings = {
    enabled: changes.enabled ?? before.enabled,
    channels: changes.channels ? [...new Set(changes.channels)] : before.channels,
    whatsApp: {
      templateName: changes.whatsApp?.templateName !== undefined ? changes.whatsApp.templateName : before.whatsApp.templateName,
      languages: changes.whatsApp?.languages ?? before.whatsApp.languages,
    },
    email: changes.email ?? before.email,
  };
  const issues = issuesOf(after);
  if (issues.length > 0) throw ApiError.invalid(issues);
  const data = {
    enabled: after.enabled,
    channels: after.channels,
    whatsAppTemplateName: after.whatsApp.templateName,
    whatsAppLanguages: after.whatsApp.languages as Prisma.InputJsonValue,
    emailTemplates: after.email as Prisma.InputJsonValue,
  };
  if (row) await db.instantReplySetting.update({ where: { id: row.id }, data });
  else await db.instantReplySetting.create({ data: { ...where, ...data } });
  return getReplySettings(ctx, scope);
}

/**
 * The setting that decides a lead's reply: its pool's when the pool has one
 * (switched on or off: the team that answers the lead decides), else its
 * source's; null when neither exists. As one SQL expression (a JSON object
 * of the setting's columns, or null): `effectiveReplySettings` runs it alone,
 * a lead create folds it into its one read of the organization's settings
 * (server/leads/new-lead-settings.ts) and reads it with `settingsOfRow`.
 */
export function effectiveReplySettingJson(organizationId: Prisma.Sql, roundRobinId: string | null, source: string): Prisma.Sql {
  return Prisma.sql`(SELECT json_build_object('enabled', s."enabled", 'channels', s."channels", 'whatsAppTemplateName', s."whatsAppTemplateName",
      'whatsAppLanguages', s."whatsAppLanguages", 'emailTemplates', s."emailTemplates")
    FROM "InstantReplySetting" s
    WHERE s."organizationId" = ${organizationId} AND (s."roundRobinId" = ${roundRobinId}::uuid OR s."source" = ${source}::"LeadSource")
    ORDER BY s."roundRobinId" IS NULL, s."id" LIMIT 1)`;
}

export async function effectiveReplySettings(
  db: Db | DbTx,
  organizationId: string,
  lead: { roundRobinId: string | null; source: string },
): Promise<ReplySettings | null> {
  const [row] = await db.$queryRaw<{ setting: SettingRow | null }[]>`
    SELECT ${effectiveReplySettingJson(Prisma.sql`${organizationId}::uuid`, lead.roundRobinId, lead.source)} AS "setting"`;
  return row?.setting ? settingsOfRow(row.setting) : null;
}

/** The organization-level view: what each channel can do now and every lead source's setting (defaults for one never set). */
export async function listSourceReplySettings({ db, principal }: DomainContext): Promise<{
  availableChannels: ChannelState[];
  sources: (ReplySettings & { source: LeadSource; canSend: boolean })[];
}> {
  const organizationId = principal.organizationId;
  const [rows, availableChannels] = await Promise.all([
    db.instantReplySetting.findMany({ where: { organizationId, roundRobinId: null }, select: { source: true, ...settingSelect } }),
    replyChannels(db, organizationId, principal.organization.sandbox),
  ]);
  const sources = LEAD_SOURCES.map((source) => {
    const row = rows.find((candidate) => candidate.source === source);
    const settings = row ? settingsOfRow(row) : DEFAULT_REPLY_SETTINGS;
    const canSend = settings.channels.some((channel) => availableChannels.find((state) => state.channel === channel)?.available);
    return { source, ...settings, canSend };
  });
  return { availableChannels, sources };
}
