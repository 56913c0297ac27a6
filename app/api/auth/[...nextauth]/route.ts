// next-auth's endpoints: sign-in, the magic-link callback, session, sign-out.
import { handlers } from "@/server/auth";

export const { GET, POST } = handlers;
