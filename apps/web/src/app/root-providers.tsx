import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import type { SystemContext } from '@chakra-ui/react';
import { AbpError } from '@edu/sdk';
import { UiBaseProvider } from '@edu/ui';
import { useTexts } from '../lib/texts.ts';
import { useLocalizedUiLabels } from '../lib/ui-labels.ts';
import { ErrorModalHost, showError, wasShown } from '../lib/errors.tsx';
import { ConnectionBannerHost, SessionDialogHost } from '../lib/resilience.tsx';
import { withLinkedGlobalStyles } from './chakra-global.ts';

/** Failures nobody caught: AbpErrors open the modal (once). */
function useGlobalErrorHandler() {
  useEffect(() => {
    const onRejection = (e: PromiseRejectionEvent) => {
      if (e.reason instanceof AbpError) {
        if (!wasShown(e.reason)) showError(e.reason);
        e.preventDefault();
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}

export interface RootProvidersProps {
  /** The Chakra system: `loginSystem` for a visitor, the full one when signed in (main.tsx). */
  system: SystemContext;
  /** The toaster, mounted when signed in (visitors' pages show no toasts). */
  toaster?: ComponentType;
  children: ReactNode;
}

/**
 * What every page sits in, signed in (app.tsx, with the router) or not
 * (visitor-app.tsx, the login page alone): the providers, the document's
 * language, the error modal, the connection banner and the sign-in-again dialog.
 */
export function RootProviders({ system, toaster: Toaster, children }: RootProvidersProps) {
  // One set of translated ui labels for the whole app (lib/ui-labels.ts).
  const labels = useLocalizedUiLabels();
  const { language } = useTexts();
  useGlobalErrorHandler();
  const linked = useMemo(() => withLinkedGlobalStyles(system), [system]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <UiBaseProvider system={linked} labels={labels}>
      {children}
      <SessionDialogHost />
      <ErrorModalHost />
      <ConnectionBannerHost />
      {Toaster && <Toaster />}
    </UiBaseProvider>
  );
}
