// tRPC's HTTP route (app/trpc/http.ts) as a Pages Router API route: Next hands it Node's request and
// response, where an App Router route handler went through Next's route runtime, a NextRequest,
// web streams both ways and a per-request cache (about 3 ms of a save's 7 in its profile; docs/load-test.md).
import type { NextApiRequest, NextApiResponse } from "next";
import { handleTrpcRequest } from "../../../app/trpc/http";
import { TRPC_BODY_LIMIT } from "../../../server/http/body-limit";
import { sendWebResponse, webRequestOf } from "../../../server/http/node-web";

export const config = {
  // The body is read here, within the API's own limit (413), never parsed by Next; the answer is
  // tRPC's (no "resolved without sending a response" warning, no 4 MB answer warning for a stream).
  api: { bodyParser: false, externalResolver: true, responseLimit: false },
};

export default async function trpc(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const request = await webRequestOf(req, res, TRPC_BODY_LIMIT);
  await sendWebResponse(request instanceof Response ? request : await handleTrpcRequest(request), res);
}
