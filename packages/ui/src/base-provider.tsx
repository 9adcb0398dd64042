import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { UiLabelsProvider, type UiLabels } from './labels.tsx';

export interface UiBaseProviderProps {
  /** The Chakra system: `system` (every recipe) or one from `createUiSystem`. */
  system: SystemContext;
  children: ReactNode;
  /** Translated texts of the ui components (see `UiLabels`). */
  labels?: Partial<UiLabels>;
}

/**
 * Chakra and the labels, without a default system or the toaster, so an app
 * can choose a smaller system and mount `AppToaster` when it needs one
 * (`UiProvider` is this with the full system and the toaster).
 */
export function UiBaseProvider({ system, children, labels }: UiBaseProviderProps) {
  return (
    <ChakraProvider value={system}>
      <UiLabelsProvider labels={labels ?? {}}>{children}</UiLabelsProvider>
    </ChakraProvider>
  );
}
