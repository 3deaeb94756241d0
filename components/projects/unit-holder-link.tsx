"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { leadName } from "../leads/lead-presentation";

/**
 * Who holds a reserved or sold unit, in the units table: the lead's name linking to the lead. A lead the viewer
 * may not see (another member's, under `own` visibility) is not named: the server answers it as missing.
 */
export function UnitHolderLink({ leadId }: { leadId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const lead = useQuery({ ...trpc.leads.get.queryOptions({ leadId }), retry: false, staleTime: 60_000 });
  if (!lead.data) return null;
  return (
    <p className="mt-1 text-xs text-ink-muted" data-testid="unit-holder-link">
      {t.projects.holder.label}{" "}
      <Link href={`/leads/${leadId}`} className="font-medium text-accent hover:underline">
        {leadName(lead.data, t.leads.unnamed)}
      </Link>
    </p>
  );
}
