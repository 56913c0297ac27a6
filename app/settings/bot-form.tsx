"use client";
// Mark this account as a bot (issue 23): a program that plays with this account's API token. Other
// players then see "bot" beside its name everywhere, and a challenge may reserve a seat for it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";

export function BotForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.settings.get.queryOptions());
  // The box shows the choice at once (not after the refetch); a refused change puts it back.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const setBot = useMutation(
    trpc.settings.setBot.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() }),
      onError: () => setChosen(null),
    }),
  );
  const bot = chosen ?? current.data?.bot ?? false;
  return (
    <section className="card narrow" aria-labelledby="bot-heading">
      <h2 id="bot-heading">Bot account</h2>
      <p className="muted">
        A bot is a program that plays with this account&apos;s API token (see <a href="/api/docs">the API reference</a>). Other players see{" "}
        <em>bot</em> beside its name, and a challenge may reserve a seat for it by its name, player id or profile link (the lobby’s challenge form: “Invite a bot”).
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={bot} disabled={current.isPending || setBot.isPending}
          onChange={(e) => {
            setChosen(e.target.checked);
            setBot.mutate({ bot: e.target.checked });
          }} data-testid="bot-account" />{" "}
        This account is a bot
      </label>
      {setBot.error ? (
        <p className="alert" role="alert">
          {errorText(setBot.error)}
        </p>
      ) : null}
    </section>
  );
}
