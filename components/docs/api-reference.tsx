"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/**
 * The API reference, rendered by Scalar from the document the API serves
 * (`/api/v1/openapi.json`), so the page and the API cannot disagree. Fonts
 * are the system's (no third-party font CDN under our CSP); requests made
 * from "Test request" go to this origin only. Scalar's hosted extras (its AI
 * agent, MCP generator, developer toolbar, telemetry) are off: they would
 * call Scalar's servers, which this page does not talk to.
 */
export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        hideClientButton: false,
        hideDownloadButton: false,
        defaultOpenAllTags: false,
        layout: "modern",
        theme: "default",
        metaData: { title: "inmo API reference" },
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: "never",
        telemetry: false,
        hideDarkModeToggle: false,
      }}
    />
  );
}
