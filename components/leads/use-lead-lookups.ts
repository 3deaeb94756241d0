"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/lib/trpc/react";

/** The organization's pipeline stages, members and projects: the choices of lead filters and forms. */
export function useLeadLookups() {
  const trpc = useTRPC();
  const stages = useQuery({ ...trpc.catalog.pipelineStages.queryOptions(), staleTime: 5 * 60_000 });
  const members = useQuery({ ...trpc.members.list.queryOptions(), staleTime: 5 * 60_000 });
  const projects = useQuery({ ...trpc.projects.list.queryOptions({ limit: 100, sortBy: "name", sortOrder: "asc" }), staleTime: 60_000 });
  return {
    stages: stages.data?.data ?? [],
    members: members.data?.data ?? [],
    projects: projects.data?.data ?? [],
    loading: stages.isPending || members.isPending,
  };
}
