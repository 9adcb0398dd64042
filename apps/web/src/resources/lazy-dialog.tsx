import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A dialog whose code loads when it first opens, not with the list that offers
 * it: `dialog: lazyDialog(() => import('./editor.tsx').then((m) => m.EditDialog))`.
 * A list's actions are declared with the list, so a dialog module imported
 * there directly (an editor with every form field kind, an importer) would
 * come with the list's first load. Nothing shows while the module loads.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
