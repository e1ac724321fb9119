import { Suspense, type ReactNode } from 'react';
import { Loading } from '../ui/loading';

/**
 * The root element of every remote's App: names the remote and its build (the e2e release test and support
 * read data-build to know which release the browser runs) and shows a loading state while its texts load.
 */
export function RemoteRoot({ name, build, children }: { name: string; build: string; children: ReactNode }) {
  return (
    <div data-remote={name} data-build={build}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </div>
  );
}
