import { useEffect, useMemo, useState } from 'react';
import { hasMath } from './equation-marks.ts';

type Render = (html: string) => string;
let loaded: Render | null = null;
let loading: Promise<Render> | null = null;

/** KaTeX and its rendering, fetched once on first need (a chunk of its own). */
export function loadMath(): Promise<Render> {
  loading ??= import('./math.ts').then((m) => (loaded = m.renderMath));
  // A failed fetch (network) is not kept: the next equation tries again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The rich text with its equations typeset: as given until KaTeX is loaded
 * (the LaTeX source shows meanwhile), then rendered. Text without an equation
 * never loads KaTeX.
 */
export function useMathHtml(html: string): string {
  const math = hasMath(html);
  const [render, setRender] = useState<Render | null>(() => loaded);
  useEffect(() => {
    if (!math || render) return;
    let live = true;
    loadMath().then(
      (r) => live && setRender(() => r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [math, render]);
  return useMemo(() => (math && render ? render(html) : html), [math, render, html]);
}
