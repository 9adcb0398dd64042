import katex from 'katex';
import 'katex/dist/katex.min.css';
import { MATH_SPAN } from './equation-marks.ts';

/**
 * Equations in the bank's rich text typeset with KaTeX. The Word importer
 * keeps an equation as its LaTeX in a marked span,
 * `<span class="math-tex">\(…\)</span>` (HTML-escaped inside); each such span
 * becomes KaTeX's markup (HTML for the eye, MathML for screen readers).
 * LaTeX KaTeX cannot read stays as its source, marked in KaTeX's error colour,
 * never an exception. This module is loaded on demand (`use-math.ts`): only a
 * screen showing an equation fetches KaTeX and its fonts.
 */

const unescapeHtml = (s: string) =>
  s
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&nbsp;', '\u00a0')
    .replaceAll('&amp;', '&');

/** The rich text with every marked equation typeset. */
export function renderMath(html: string): string {
  return html.replace(MATH_SPAN, (_m, latex: string) =>
    katex.renderToString(unescapeHtml(latex), { throwOnError: false, output: 'htmlAndMathml', strict: 'ignore' }),
  );
}
