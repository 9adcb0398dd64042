import type { ReactNode } from 'react';
import { UiBaseProvider } from './base-provider.tsx';
import type { UiLabels } from './labels.tsx';
import { system } from './system.ts';
import { AppToaster } from './toaster.tsx';

export interface UiProviderProps {
  children: ReactNode;
  /** Translated texts of the ui components (see `UiLabels`). */
  labels?: Partial<UiLabels>;
  /** Mount the toaster (default true; tests may turn it off). */
  toaster?: boolean;
}

/** Chakra with the console's theme, the labels and the toaster. Wrap the app once. */
export function UiProvider({ children, labels, toaster = true }: UiProviderProps) {
  return (
    <UiBaseProvider system={system} labels={labels}>
      {children}
      {toaster && <AppToaster />}
    </UiBaseProvider>
  );
}
