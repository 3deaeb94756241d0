import type { Metadata } from "next";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { LogoMark } from "~/components/shell/icons";
import { buttonClasses } from "~/components/ui/button";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { authOptions, type InmoSession } from "~/server/auth/next-auth-options";
import { getDb } from "~/server/db";
import { CONSENT_DECISION_PATH } from "~/server/oauth/consent-decision";
import { loadConsentView } from "~/server/oauth/consent-view";
import { requestLocale } from "../../(auth)/request-locale";
import { config } from "~/server/config/config";

export const metadata: Metadata = { title: "Connect an app", robots: { index: false } };
export const dynamic = "force-dynamic";

async function issuer(): Promise<string> {
  const configured = config().NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  const h = await headers();
  return `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host")}`;
}

/**
 * The consent page of the OAuth authorization endpoint. Framing is refused
 * for every page (frame-ancestors 'none'); the form posts to the decision
 * route, which checks the session, the origin and the consent token again.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) params.append(name, one);
  }
  const session = (await getServerSession(authOptions)) as InmoSession | null;
  const view = await loadConsentView(await getDb(), params, session, await issuer());
  if (view.kind === "redirect") redirect(view.url);
  if (view.kind === "sign_in") redirect(`/login?callbackUrl=${encodeURIComponent(view.callbackUrl)}`);
  const t = dictionaryFor(await requestLocale()).oauth.consent;

  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex items-center justify-center gap-2.5">
          <LogoMark className="size-9" />
          <span className="text-2xl font-semibold tracking-tight">inmo</span>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-8 shadow-sm">
          {view.kind === "error" ? (
            <>
              <h1 className="text-xl font-semibold tracking-tight">{t.errorTitle}</h1>
              <p className="mt-2 text-sm text-ink-muted" role="alert">
                {t.errors[view.reason]}
              </p>
            </>
          ) : (
            <>
              <div className="flex items-center gap-3">
                {view.app.logoUrl ? (
                  <img src={view.app.logoUrl} alt="" width={48} height={48} className="size-12 rounded-lg border border-line object-contain" />
                ) : (
                  <span aria-hidden className="flex size-12 items-center justify-center rounded-lg bg-canvas text-lg font-semibold">
                    {view.app.name.slice(0, 1).toUpperCase()}
                  </span>
                )}
                <h1 className="text-xl font-semibold tracking-tight">{t.title(view.app.name)}</h1>
              </div>
              <p className="mt-3 text-sm text-ink-muted">{t.subtitle}</p>
              <form method="post" action={CONSENT_DECISION_PATH} className="mt-6 space-y-5">
                {view.fields.map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <div>
                  <label htmlFor="organization_id" className="block text-sm font-medium">
                    {t.organization}
                  </label>
                  <select
                    id="organization_id"
                    name="organization_id"
                    defaultValue={view.selectedOrganizationId}
                    aria-describedby="organization-help"
                    className="mt-1 h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm"
                  >
                    {view.organizations.map((organization) => (
                      <option key={organization.id} value={organization.id}>
                        {organization.name}
                      </option>
                    ))}
                  </select>
                  <p id="organization-help" className="mt-1 text-xs text-ink-muted">
                    {t.organizationHelp}
                  </p>
                </div>
                <div>
                  <p className="text-sm font-medium">{t.wantsTo}</p>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                    {view.scopes.map((scope) => (
                      <li key={scope}>
                        {t.scopes[scope] ?? scope} <span className="font-mono text-xs text-ink-muted">({scope})</span>
                      </li>
                    ))}
                  </ul>
                  {view.roleLimited && <p className="mt-2 text-xs text-ink-muted">{t.roleNote}</p>}
                </div>
                <p className="text-sm text-ink-muted">{t.redirectsTo(view.redirectHost)}</p>
                <div className="flex justify-end gap-2">
                  <button type="submit" name="decision" value="cancel" className={buttonClasses("secondary")}>
                    {t.cancel}
                  </button>
                  <button type="submit" name="decision" value="allow" className={buttonClasses("primary")}>
                    {t.allow}
                  </button>
                </div>
                <p className="text-xs text-ink-muted">{t.notYou(view.email)}</p>
              </form>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
