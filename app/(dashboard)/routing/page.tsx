import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { PoolsList } from "~/components/round-robin/pools-list";
import { PlusIcon } from "~/components/shell/icons";
import { buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Routing" };

export default async function RoutingPage() {
  const viewer = await requireViewer("/routing");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader
        title={t.routing.title}
        description={t.routing.subtitle}
        actions={
          <Link href="/routing/new" className={buttonClasses()}>
            <PlusIcon /> {t.routing.newPool}
          </Link>
        }
      />
      <Suspense>
        <PoolsList />
      </Suspense>
    </>
  );
}
