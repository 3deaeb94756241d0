"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorCodeOf, errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";
import { leadName } from "./lead-presentation";

interface ClaimableLead {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
}

/**
 * The "To claim" list: leads offered to the viewer or waiting in the pond of
 * their pools, as cards at every width (a rep claims from their phone), each
 * with a Claim button. Someone faster gets 409: the list says so and refreshes.
 */
export function ClaimableLeads({ leads, dimmed }: { leads: ClaimableLead[]; dimmed: boolean }) {
  const { t, dates } = useI18n();
  const c = t.claim;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const claim = useMutation(
    trpc.leads.claim.mutationOptions({
      onSuccess: async (lead) => {
        toast.success(c.claimed(leadName(lead, t.leads.unnamed)));
        // The claim settled the offer's notices: the bell counts them no more.
        await Promise.all([queryClient.invalidateQueries(trpc.leads.list.queryFilter()), queryClient.invalidateQueries(trpc.notifications.list.queryFilter())]);
      },
      onError: async (error) => {
        toast.error(errorCodeOf(error) === "CONFLICT" ? c.tooLate : errorMessageOf(error, t.common.somethingWrong));
        await Promise.all([queryClient.invalidateQueries(trpc.leads.list.queryFilter()), queryClient.invalidateQueries(trpc.notifications.list.queryFilter())]);
      },
    }),
  );
  return (
    <ul className={`flex flex-col divide-y divide-line ${dimmed ? "opacity-60" : ""}`} data-testid="claimable-leads">
      {leads.map((lead) => (
        <li key={lead.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5">
          <div className="min-w-0 flex-1 basis-48">
            <Link href={`/leads/${lead.id}`} className="block truncate font-medium text-ink hover:text-accent">
              {leadName(lead, t.leads.unnamed)}
            </Link>
            <p className="truncate text-xs text-ink-muted">
              {[lead.email ?? lead.phone, formatDate(lead.createdAt, dates)].filter(Boolean).join(" · ")}
            </p>
          </div>
          <Button
            type="button"
            className="min-h-11 w-full sm:w-auto"
            loading={claim.isPending && claim.variables?.leadId === lead.id}
            onClick={() => claim.mutate({ leadId: lead.id })}
          >
            {c.claim}
          </Button>
        </li>
      ))}
    </ul>
  );
}
