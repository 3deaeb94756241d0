"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";

type Support = "checking" | "unsupported" | "ready";

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration("/")) ?? navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

/**
 * Profile → "Notifications on this device": turns Web Push on or off for
 * this browser. On: the browser's permission, a subscription at its push
 * service with the server's VAPID key, stored for the signed-in person. Off:
 * unsubscribed at the push service and forgotten by the server. A browser
 * without push, or with notifications blocked, is told so.
 */
export function PushDeviceCard() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [support, setSupport] = useState<Support>("checking");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return setSupport("unsupported");
    void registration()
      .then((reg) => reg.pushManager.getSubscription())
      .then((subscription) => {
        setEndpoint(subscription?.endpoint ?? null);
        setSupport("ready");
      })
      .catch(() => setSupport("unsupported"));
  }, []);

  const status = useQuery({ ...trpc.notifications.pushDeviceStatus.queryOptions({ endpoint }), enabled: support === "ready" });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.pushDeviceStatus.queryKey() });
  const subscribe = useMutation(trpc.notifications.subscribePushDevice.mutationOptions({ onSettled: refresh }));
  const unsubscribe = useMutation(trpc.notifications.unsubscribePushDevice.mutationOptions({ onSettled: refresh }));

  const turnOn = async () => {
    setProblem(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") return setProblem(t.notifications.device.denied);
      const reg = await registration();
      const publicKey = status.data?.publicKey;
      if (!publicKey) return setProblem(t.notifications.device.failed);
      const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const json = subscription.toJSON();
      await subscribe.mutateAsync({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" }, userAgent: navigator.userAgent });
      setEndpoint(subscription.endpoint);
    } catch {
      setProblem(t.notifications.device.failed);
    }
  };

  const turnOff = async () => {
    setProblem(null);
    const subscription = await (await registration()).pushManager.getSubscription();
    if (subscription) {
      await unsubscribe.mutateAsync({ endpoint: subscription.endpoint });
      await subscription.unsubscribe().catch(() => false);
    }
    setEndpoint(null);
  };

  const on = status.data?.subscribed === true;
  const busy = subscribe.isPending || unsubscribe.isPending;
  return (
    <Card>
      <CardHeader title={t.notifications.device.title} />
      <div className="flex flex-col gap-3 px-4 py-4 text-sm sm:px-5" data-testid="push-device-card">
        <p className="text-ink-muted">{t.notifications.device.description}</p>
        {support === "unsupported" ? (
          <p className="text-ink-muted">{t.notifications.device.unsupported}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-medium" data-testid="push-device-state">
              {on ? t.notifications.device.on : t.notifications.device.off}
            </span>
            <Button variant={on ? "secondary" : "primary"} disabled={busy || support !== "ready" || !status.data} onClick={() => void (on ? turnOff() : turnOn())}>
              {busy ? t.notifications.device.working : on ? t.notifications.device.turnOff : t.notifications.device.turnOn}
            </Button>
          </div>
        )}
        {problem && <p className="text-danger" role="alert">{problem}</p>}
        {status.data && status.data.devices > 0 && <p className="text-xs text-ink-muted">{t.notifications.device.devices(status.data.devices)}</p>}
      </div>
    </Card>
  );
}
