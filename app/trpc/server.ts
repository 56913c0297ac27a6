// The server-side tRPC caller for server components: same procedures, same authorization.
import { createContext } from "../../server/api/context";
import { createCaller } from "../../server/api/root";

export async function serverTrpc() {
  return createCaller(await createContext());
}
