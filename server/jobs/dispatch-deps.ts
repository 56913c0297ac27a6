// The notification channels as the environment configures them: SMTP or the mail directory, the
// VAPID subject, and the public origin for links.
import { env, publicBaseUrl } from "../env";
import type { DispatchDeps } from "../services/dispatch";
import { createMailer } from "../services/mailer";
import type { WebhookDeps } from "../services/webhooks/deliver";
import { serverSecret } from "../auth/secret";

export function dispatchDepsFromEnv(workerId: string): DispatchDeps {
  const e = env();
  return {
    workerId,
    sendMail: createMailer({ smtpUrl: e.SMTP_URL, dir: e.MAIL_DIR, from: e.EMAIL_FROM }),
    push: { subject: e.VAPID_SUBJECT },
    baseUrl: publicBaseUrl(),
  };
}

/**
 * Webhooks as production sends them: the system's resolver, only public addresses (no allowAddress:
 * there is no variable or setting that can let a webhook reach a private address), certificates checked.
 */
export function webhookDepsFromEnv(workerId: string): WebhookDeps {
  return { workerId, serverSecret: serverSecret(env()), baseUrl: publicBaseUrl() };
}
