import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { PoolsList } from "~/components/round-robin/pools-list";
import { PlusIcon } from "~/components/shell/icons";
import { buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { routingPermissions } from "./routing-permissions";

export const metadata: Metadata = { title: "Routing" };

/** The pools, for every member to read; creating one is offered to the roles the procedure admits (owners and admins). */
export default async function RoutingPage() {
  const viewer = await requireViewer("/routing");
  const t = dictionaryFor(viewer.principal.organization.locale);
  const can = routingPermissions(viewer.role);
  return (
    <>
      <PageHeader
        title={t.routing.title}
        description={t.routing.subtitle}
        actions={
          can.create ? (
            <Link href="/routing/new" className={buttonClasses()}>
              <PlusIcon /> {t.routing.newPool}
            </Link>
          ) : undefined
        }
      />
      <Suspense>
        <PoolsList canCreate={can.create} />
      </Suspense>
    </>
  );
}
