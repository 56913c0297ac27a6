// The line under a sandbox's tools, for every ruleset: what the robot's orders came to, and the
// error of the last action, if any.
import { errorText } from "../../../components/format";

export function SandboxStatus({ robotDone, error }: { robotDone: string | null; error: unknown }) {
  return (
    <>
      {robotDone ? (
        <p className="small muted" role="status" data-testid="sandbox-robot-done">
          {robotDone}
        </p>
      ) : null}
      {error ? (
        <p className="alert small" role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </>
  );
}
