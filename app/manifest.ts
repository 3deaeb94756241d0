import type { MetadataRoute } from "next";

/**
 * The web app manifest (served at /manifest.webmanifest): agents add inmo to
 * their phone's home screen and it opens like an app, on their leads, without
 * the browser's bars. No offline mode: inmo needs the network. The PNG icons
 * are rendered from public/icons/*.svg by scripts/generate-app-icons.ts.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "inmo",
    short_name: "inmo",
    description: "The CRM for real-estate sales teams",
    start_url: "/leads",
    scope: "/",
    display: "standalone",
    background_color: "#f6f7f9",
    theme_color: "#4f46e5",
    categories: ["business", "productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
    shortcuts: [
      { name: "Leads", url: "/leads", icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }] },
      { name: "Pipeline", url: "/pipeline", icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }] },
    ],
  };
}
