import type { Metadata } from "next";
import { requireUser } from "@/server/auth";
import { NotificationList } from "./notification-list";

export const metadata: Metadata = { title: "Notifications" };
export const dynamic = "force-dynamic";

export default async function NotificationsPage() {
  await requireUser("/notifications");
  return <NotificationList />;
}
