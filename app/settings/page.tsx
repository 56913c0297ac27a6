import type { Metadata } from "next";
import { requireUser } from "@/server/auth";
import { ApiTokens } from "./api-tokens";
import { BotForm } from "./bot-form";
import { DisplayNameForm } from "./display-name-form";
import { SettingsForm } from "./settings-form";
import { VacationForm } from "./vacation-form";
import { Webhooks } from "./webhooks";
import { SandboxList } from "./sandbox-list";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  await requireUser("/settings");
  return (
    <div className="stack">
      <DisplayNameForm />
      <SettingsForm />
      <VacationForm />
      <SandboxList />
      <ApiTokens />
      <Webhooks />
      <BotForm />
    </div>
  );
}
