import { readFileSync } from "node:fs";
import path from "node:path";
import type { Metadata } from "next";

export const metadata: Metadata = {
  title: "TypeScript client",
  description: "@inmo/api-client: the typed TypeScript client of the inmo REST API and its webhook signature check.",
};

/**
 * Public, linked from the API reference's guide: the README of the typed
 * client package (lib/api-client), read from the package itself so the page
 * and the package cannot disagree.
 */
export default function ApiClientPage() {
  const readme = readFileSync(path.join(process.cwd(), "lib/api-client/README.md"), "utf8");
  return (
    <main id="api-client" className="mx-auto max-w-4xl px-4 py-10">
      <p className="mb-6 text-sm">
        <a className="text-accent underline-offset-2 hover:underline" href="/docs/api">
          ← API reference
        </a>
      </p>
      <pre className="whitespace-pre-wrap break-words font-mono text-sm leading-relaxed">{readme}</pre>
    </main>
  );
}
