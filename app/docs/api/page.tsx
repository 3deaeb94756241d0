import type { Metadata } from "next";
import { ApiReference } from "~/components/docs/api-reference";

export const metadata: Metadata = {
  title: "API reference",
  description: "The inmo REST API: getting started, authentication, rate limits, errors, webhooks and every endpoint.",
};

/** Public: integrators read it before they have an account. */
export default function ApiReferencePage() {
  return (
    <main id="api-reference">
      <ApiReference />
    </main>
  );
}
