"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatMoney } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { SecretValue } from "../ui/copy-button";
import type { Lead } from "./lead-presentation";

/**
 * Lead page: the available units that fit what the lead is looking for, best
 * first, with why; "Send unit" makes the lead's personal link to the unit's
 * sheet (its opens then show on this lead's timeline) to copy into a chat.
 */
export function LeadMatchesCard({ lead }: { lead: Lead }) {
  const { t, locale } = useI18n();
  const m = t.leads.matches;
  const trpc = useTRPC();
  const matches = useQuery({ ...trpc.matching.forLead.queryOptions({ leadId: lead.id, limit: 5 }), enabled: lead.interest !== null });
  const [sent, setSent] = useState<{ unitId: string; url: string } | null>(null);
  const send = useMutation(trpc.sheets.createForLead.mutationOptions({ onSuccess: (link) => setSent({ unitId: link.unitId ?? "", url: link.url }) }));
  if (lead.interest === null || !matches.data) return null;
  const { data, total } = matches.data;
  return (
    <Card className="h-fit" data-testid="lead-matches-card">
      <CardHeader title={m.title(total)} />
      {data.length === 0 ? (
        <p className="p-4 text-sm text-ink-muted sm:p-5">{m.none}</p>
      ) : (
        <ul className="divide-y divide-line">
          {data.map(({ unit, reasons }) => (
            <li key={unit.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:px-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link href={`/projects/${unit.projectId}`} className="font-medium text-ink hover:text-accent">
                  {unit.name} · {unit.projectName}
                </Link>
                <span className="font-medium tabular-nums">{formatMoney(unit.price, unit.currency, locale)}</span>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-ink-muted">{reasons.map((reason) => m.reasons[reason]).join(" · ")}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={send.isPending && send.variables?.unitId === unit.id}
                  onClick={() => send.mutate({ leadId: lead.id, projectId: unit.projectId, unitId: unit.id })}
                >
                  {t.sheetLinks.sendUnit}
                </Button>
              </div>
              {sent?.unitId === unit.id && (
                <div className="space-y-1" data-testid="sent-sheet-link">
                  <p className="text-xs text-ink-muted">{t.sheetLinks.linkReady}</p>
                  <SecretValue value={sent.url} label={t.sheetLinks.copy} copiedLabel={t.sheetLinks.copied} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
