import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router.tsx';
import type { BootResult } from './boot.ts';
import { RootProviders, type RootProvidersProps } from './root-providers.tsx';

export interface AppProps extends Omit<RootProvidersProps, 'children'> {
  /** What the start sequence found. */
  boot: BootResult;
}

/** The signed-in root: the providers (root-providers.tsx) around the router. */
export function App({ system, toaster }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <RootProviders system={system} toaster={toaster}>
      <RouterProvider router={router} />
    </RootProviders>
  );
}
