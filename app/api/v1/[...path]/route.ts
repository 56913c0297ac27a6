// The public HTTP API, /api/v1/... (issue 23; docs/api.md): see server/api/public/handler.ts.
import { handleApiRequest } from "../../../../server/api/public/handler";

export const dynamic = "force-dynamic";

export { handleApiRequest as GET, handleApiRequest as POST, handleApiRequest as PUT, handleApiRequest as DELETE };
