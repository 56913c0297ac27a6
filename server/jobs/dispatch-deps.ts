// The notification channels as the environment configures them: SMTP or the mail directory, the
// VAPID subject, and the public origin for links.
import { env, publicBaseUrl } from "../env";
import type { DispatchDeps } from "../services/dispatch";
import { createMailer } from "../services/mailer";

export function dispatchDepsFromEnv(workerId: string): DispatchDeps {
  const e = env();
  return {
    workerId,
    sendMail: createMailer({ smtpUrl: e.SMTP_URL, dir: e.MAIL_DIR, from: e.EMAIL_FROM }),
    push: { subject: e.VAPID_SUBJECT },
    baseUrl: publicBaseUrl(),
  };
}
