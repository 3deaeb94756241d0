"use client";

import { hashKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { errorCodeOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";

/**
 * An open lead page learns on its next action that the lead left the
 * viewer's sight (reassigned to someone else while they only see their own
 * leads, or deleted): any call that answers 404 NOT_FOUND — a note, a call
 * logged, an edit, a timeline page — makes the page read the lead again,
 * and that read's 404 turns the page into "you can't see this lead".
 */
export function useLeadGone(leadId: string): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    const leadKey = trpc.leads.get.queryKey({ leadId });
    const reread = () => void queryClient.invalidateQueries({ queryKey: leadKey });
    const isGone = (error: unknown) => errorCodeOf(error) === "NOT_FOUND";
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && isGone(event.action.error)) reread();
    });
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error" || !isGone(event.action.error)) return;
      // The lead's own read answering 404 is the page's state already; another read of the page prompts it.
      if (event.query.queryHash !== hashKey(leadKey)) reread();
    });
    return () => {
      mutations();
      queries();
    };
  }, [leadId, queryClient, trpc]);
}
