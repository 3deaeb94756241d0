"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "~/server/api/root";
import { isUnbatchedProcedure, MAX_TRPC_BATCH_SIZE } from "./batching";

/** The dashboard's typed client for /api/trpc (the same procedures the REST API serves). */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // 4xx answers will not change on retry; only retry what might be transient.
        retry: (failureCount, error) => failureCount < 2 && httpStatusOf(error) >= 500,
      },
    },
  });
}

function httpStatusOf(error: unknown): number {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === "number" ? status : 500;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        // The server refuses batches over MAX_TRPC_BATCH_SIZE and batches holding account.* calls.
        splitLink({
          condition: (op) => isUnbatchedProcedure(op.path),
          true: httpLink({ url: "/api/trpc" }),
          false: httpBatchLink({ url: "/api/trpc", maxItems: MAX_TRPC_BATCH_SIZE }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
