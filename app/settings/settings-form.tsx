"use client";
// Notification settings: email and push on or off, quiet hours in the user's time zone (email and
// push wait until they end; the in-app list never waits), and push in this browser.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";
import { PushToggle } from "./push-toggle";
import styles from "./settings.module.css";

const toTime = (m: number | null) => (m === null ? "" : `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
const toMinutes = (t: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(t);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

export function SettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.settings.get.queryOptions());
  const save = useMutation(trpc.settings.save.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() }) }));
  const [email, setEmail] = useState(true);
  const [push, setPush] = useState(true);
  const [quietStart, setQuietStart] = useState("");
  const [quietEnd, setQuietEnd] = useState("");
  const [timeZone, setTimeZone] = useState("UTC");
  const [press, setPress] = useState({ pressInApp: true, pressPush: true, pressEmail: true });
  const [saved, setSaved] = useState(false);

  // The form takes the stored settings once: a refetch after a save must not overwrite what the
  // user is typing meanwhile.
  const loaded = useRef(false);
  useEffect(() => {
    const s = current.data;
    if (!s || loaded.current) return;
    loaded.current = true;
    setEmail(s.email);
    setPush(s.push);
    setPress({ pressInApp: s.pressInApp, pressPush: s.pressPush, pressEmail: s.pressEmail });
    setQuietStart(toTime(s.quietStart));
    setQuietEnd(toTime(s.quietEnd));
    // A user who never saved gets the browser's zone proposed.
    setTimeZone(s.quietStart === null && s.timeZone === "UTC" ? Intl.DateTimeFormat().resolvedOptions().timeZone : s.timeZone);
  }, [current.data]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    save.mutate({ email, push, quietStart: toMinutes(quietStart), quietEnd: toMinutes(quietEnd), timeZone, ...press }, { onSuccess: () => setSaved(true) });
  }

  return (
    <section className="card narrow" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Notifications</h1>
      <p className="muted">
        You always see notifications in the list. Choose where else they reach you: a turn resolved, a battle decision waiting for you, an hour
        left before a deadline you have not locked, a game started or over.
      </p>
      {current.isPending ? <p className="muted">Loading…</p> : null}
      <form onSubmit={submit} className="form" data-testid="settings-form" noValidate>
        <label className="checkbox">
          <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} data-testid="settings-email" /> Email
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={push} onChange={(e) => setPush(e.target.checked)} data-testid="settings-push" /> Push notifications (in
          browsers where you turn them on below)
        </label>
        <fieldset data-testid="settings-press">
          <legend>Press (messages from other nations)</legend>
          {(
            [
              ["pressInApp", "Each message in the notification list"],
              ["pressPush", "Each message by push (when push is on)"],
              ["pressEmail", "An email digest, at most one an hour per game, of what you have not read (when email is on)"],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="checkbox">
              <input type="checkbox" checked={press[key]} onChange={(e) => setPress((p) => ({ ...p, [key]: e.target.checked }))} data-testid={`settings-${key}`} /> {label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Quiet hours</legend>
          <p className="muted small">Email and push wait until they end. Leave both empty for none.</p>
          <div className="form-row">
            <div>
              <label htmlFor="quiet-start">From</label>
              <input id="quiet-start" type="time" value={quietStart} onChange={(e) => setQuietStart(e.target.value)} data-testid="quiet-start" />
            </div>
            <div>
              <label htmlFor="quiet-end">Until</label>
              <input id="quiet-end" type="time" value={quietEnd} onChange={(e) => setQuietEnd(e.target.value)} data-testid="quiet-end" />
            </div>
            <div>
              <label htmlFor="time-zone">Time zone</label>
              <input id="time-zone" type="text" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} data-testid="time-zone" />
            </div>
          </div>
        </fieldset>
        <button type="submit" className="button" disabled={save.isPending || current.isPending} data-testid="settings-save">
          Save
        </button>
        {saved && !save.isPending ? (
          <p className="note" role="status" data-testid="settings-saved">
            Saved.
          </p>
        ) : null}
        {save.error || current.error ? (
          <p className="alert" role="alert" data-testid="settings-error">
            {errorText(save.error ?? current.error)}
          </p>
        ) : null}
      </form>
      <h2 className={styles.settingsPushHeading}>Push in this browser</h2>
      <PushToggle />
    </section>
  );
}
