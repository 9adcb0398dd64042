import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { AbpError } from '@edu/sdk';
import { UiProvider, type UiLabels } from '@edu/ui';
import { ErrorModalHost, showError, wasShown } from '../lib/errors.tsx';
import { createAppRouter } from './router.tsx';
import type { BootResult } from './boot.ts';

/** ui's texts, translated (common.ui.*). */
function useUiLabelsFromI18n(): Partial<UiLabels> {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      empty: t('common.ui.empty'),
      loading: t('common.ui.loading'),
      total: (n: number) => t('common.ui.total', { count: n }),
      perPage: (n: number) => t('common.ui.perPage', { count: n }),
      previousPage: t('common.ui.previousPage'),
      nextPage: t('common.ui.nextPage'),
      selectAll: t('common.ui.selectAll'),
      selectRow: t('common.ui.selectRow'),
      selected: (n: number) => t('common.ui.selected', { count: n }),
      ok: t('common.ok'),
      cancel: t('common.cancel'),
      close: t('common.close'),
      confirm: t('common.ui.confirm'),
      selectPlaceholder: t('common.ui.selectPlaceholder'),
      none: t('common.ui.none'),
      checkAll: t('common.ui.checkAll'),
    }),
    [t, i18n.language],
  );
}

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

/** The root: providers, the router and the error modal. `boot` is what the start sequence found. */
export function App({ boot: _boot }: { boot: BootResult }) {
  const labels = useUiLabelsFromI18n();
  const { i18n } = useTranslation();
  const [router] = useState(createAppRouter);
  useGlobalErrorHandler();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return (
    <UiProvider labels={labels}>
      <SWRConfig value={{ revalidateOnFocus: false }}>
        <RouterProvider router={router} />
        <ErrorModalHost />
      </SWRConfig>
    </UiProvider>
  );
}
