"use client";
// The name other players see in the lobby, on seats and in games. Until a user chooses one, a name
// made from the account's random id stands in: the e-mail address is never shown to anyone else.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";

export function DisplayNameForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.settings.get.queryOptions());
  const setName = useMutation(trpc.settings.setName.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() }) }));
  const [name, setValue] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const loaded = useRef(false);
  useEffect(() => {
    const n = current.data?.name;
    if (!n || loaded.current) return;
    loaded.current = true;
    setValue(n.chosen ? n.displayName : "");
  }, [current.data]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(null);
    setName.mutate({ name: name.trim() === "" ? null : name }, { onSuccess: (r) => setSaved(r.displayName) });
  }

  const shown = current.data?.name.displayName;
  return (
    <section className="card narrow" aria-labelledby="name-heading">
      <h1 id="name-heading">Display name</h1>
      <p className="muted">
        Other players see this name{shown ? (
          <>
            {" "}(now <strong data-testid="display-name-now">{shown}</strong>)
          </>
        ) : null}
        . Your email address is never shown to them. Leave it empty for a generated name.
      </p>
      <form onSubmit={submit} className="form" data-testid="display-name-form" noValidate>
        <label htmlFor="display-name">Name</label>
        <input id="display-name" type="text" value={name} maxLength={32} onChange={(e) => setValue(e.target.value)} data-testid="display-name" />
        <button type="submit" className="button" disabled={setName.isPending || current.isPending} data-testid="display-name-save">
          Save name
        </button>
        {saved && !setName.isPending ? (
          <p className="note" role="status" data-testid="display-name-saved">
            Saved: other players now see you as {saved}.
          </p>
        ) : null}
        {setName.error ? (
          <p className="alert" role="alert" data-testid="display-name-error">
            {errorText(setName.error)}
          </p>
        ) : null}
      </form>
    </section>
  );
}
