/* global self, URL */
/*
 * inmo's service worker: shows the Web Push notices the server sends
 * (server/notifications/push/push-text.ts: { title, body, url, tag, kind })
 * and, on a tap, focuses the dashboard tab already on that lead, else moves
 * an open dashboard tab there, else opens one.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || "inmo", {
      body: notice.body || "",
      tag: notice.tag,
      renotify: Boolean(notice.tag),
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-maskable-192.png",
      data: { url: notice.url || "/home" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/home", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const exact = tabs.find((tab) => tab.url === target);
      if (exact) return exact.focus();
      const ours = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (ours) {
        const moved = await ours.navigate(target);
        return (moved || ours).focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
