"use client";
// Web Push in this browser: register /sw.js, ask permission, subscribe with the server's VAPID key
// and store the subscription; or undo all that. Browsers without push are told so.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";

/** The VAPID public key (base64url) as the Uint8Array PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

export function PushToggle() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const publicKey = useQuery(trpc.push.publicKey.queryOptions());
  const [supported, setSupported] = useState<boolean | null>(null);
  const [here, setHere] = useState<PushSubscription | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() });
  const subscribe = useMutation(trpc.push.subscribe.mutationOptions({ onSettled: refresh }));
  const unsubscribe = useMutation(trpc.push.unsubscribe.mutationOptions({ onSettled: refresh }));

  useEffect(() => {
    const ok = pushSupported();
    setSupported(ok);
    if (!ok) return;
    void navigator.serviceWorker.getRegistration("/").then(async (reg) => setHere((await reg?.pushManager.getSubscription()) ?? null));
  }, []);

  async function turnOn() {
    setProblem(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setProblem("The browser did not allow notifications for this site.");
        return;
      }
      const reg = await navigator.serviceWorker.register("/sw.js");
      await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey.data!) });
      const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await subscribe.mutateAsync({ endpoint: json.endpoint, keys: json.keys });
      setHere(sub);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  async function turnOff() {
    setProblem(null);
    if (!here) return;
    try {
      await unsubscribe.mutateAsync({ endpoint: here.endpoint });
      await here.unsubscribe();
      setHere(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  if (supported === null) return null;
  if (!supported) return <p className="muted" data-testid="push-unsupported">This browser cannot receive push notifications.</p>;
  const busy = subscribe.isPending || unsubscribe.isPending || publicKey.isPending;
  return (
    <div data-testid="push-toggle">
      <p className="muted">{here ? "This browser receives push notifications." : "This browser does not receive push notifications."}</p>
      {here ? (
        <button type="button" className="button button-quiet" disabled={busy} onClick={() => void turnOff()} data-testid="push-off">
          Stop push in this browser
        </button>
      ) : (
        <button type="button" className="button" disabled={busy || !publicKey.data} onClick={() => void turnOn()} data-testid="push-on">
          Get push in this browser
        </button>
      )}
      {problem || publicKey.error ? (
        <p className="alert" role="alert">
          {problem ?? errorText(publicKey.error)}
        </p>
      ) : null}
    </div>
  );
}
