"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { leadName, type Lead } from "./lead-presentation";
import { MergeDialog } from "./merge-dialog";

/** "Possible duplicates" on the lead page: shown only when there are some. */
export function LeadDuplicates({ lead }: { lead: Lead }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const duplicates = useQuery(trpc.leads.duplicates.queryOptions({ leadId: lead.id }));
  const [comparing, setComparing] = useState<Lead | null>(null);
  const items = duplicates.data?.data ?? [];
  if (items.length === 0) return null;
  return (
    <div data-testid="lead-duplicates">
    <Card className="h-fit">
      <CardHeader title={t.duplicates.title} description={t.duplicates.subtitle} />
      <ul className="divide-y divide-line px-4 sm:px-5">
        {items.map((item) => (
          <li key={item.leadId} className="flex flex-col gap-2 py-3" data-testid="duplicate-candidate">
            <div className="flex items-baseline justify-between gap-2">
              <Link href={`/leads/${item.leadId}`} className="min-w-0 truncate text-sm font-medium text-accent hover:underline">
                {leadName(item.lead, t.leads.unnamed)}
              </Link>
              <span className="shrink-0 text-xs text-ink-muted">{t.duplicates.score(item.score)}</span>
            </div>
            <div className="flex flex-wrap gap-1.5">
              {item.reasons.map((reason) => (
                <Badge key={reason} tone={reason === "similar_name_and_company" ? "neutral" : "warning"}>
                  {t.duplicates.reasons[reason]}
                </Badge>
              ))}
            </div>
            <div>
              <Button size="sm" variant="secondary" onClick={() => setComparing(item.lead)}>
                {t.duplicates.compare}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {comparing && <MergeDialog lead={lead} duplicate={comparing} open onClose={() => setComparing(null)} />}
    </Card>
    </div>
  );
}
