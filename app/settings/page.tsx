import type { Metadata } from "next";
import { requireUser } from "@/server/auth";
import { ApiTokens } from "./api-tokens";
import { DisplayNameForm } from "./display-name-form";
import { SettingsForm } from "./settings-form";
import { VacationForm } from "./vacation-form";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  await requireUser("/settings");
  return (
    <div className="stack">
      <DisplayNameForm />
      <SettingsForm />
      <VacationForm />
      <ApiTokens />
    </div>
  );
}
