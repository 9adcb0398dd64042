import { SWRConfig } from 'swr';
import { ShellLayout } from './shell/shell-layout.tsx';

/** The signed-in frame with the data layer's settings: only screens inside the shell fetch through SWR. */
export function ShellRoute() {
  return (
    <SWRConfig value={{ revalidateOnFocus: false }}>
      <ShellLayout />
    </SWRConfig>
  );
}
