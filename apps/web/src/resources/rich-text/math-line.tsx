import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { htmlToText } from './html.ts';
import { hasMath, MATH_SPAN } from './equation-marks.ts';
import { useMathHtml } from './use-math.ts';

/**
 * Rich text on one line of a list cell, its equations kept: the text as plain
 * text (`htmlToText`), each marked equation typeset with the lazily loaded
 * KaTeX (`use-math.ts`). Until KaTeX arrives an equation shows as its LaTeX
 * without the `\(…\)` delimiters, set apart in code type. Text without an
 * equation is the plain `fallback` (the list's own title) and never loads
 * KaTeX.
 */

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The line as HTML: plain text (escaped) between the equations' marked spans, kept as they are. */
export function mathLineHtml(html: string): string {
  let out = '';
  let at = 0;
  for (const m of html.matchAll(MATH_SPAN)) {
    const text = htmlToText(html.slice(at, m.index));
    out += `${escapeHtml(text)}${text && /\S$/.test(text) ? ' ' : ''}<span class="math-tex">\\(${m[1]}\\)</span>`;
    at = m.index + m[0].length;
  }
  const rest = htmlToText(html.slice(at));
  return out + (rest && /^\S/.test(rest) ? ' ' : '') + escapeHtml(rest);
}

/** The line before KaTeX arrives: each equation's LaTeX (still escaped) in a code element, without delimiters. */
export const mathSourceHtml = (line: string) => line.replace(MATH_SPAN, (_m, latex: string) => `<code class="math-source">${latex}</code>`);

/** The plain text of the line (a tooltip): equations as their LaTeX without delimiters. */
const plainLine = (line: string) => htmlToText(mathSourceHtml(line));

function MathLine({ html }: { html: string }) {
  const line = useMemo(() => mathLineHtml(html), [html]);
  const typeset = useMathHtml(line);
  return (
    <Box
      as="span"
      title={plainLine(line)}
      css={{ '& code.math-source': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', borderRadius: 'sm' } }}
      dangerouslySetInnerHTML={{ __html: typeset === line ? mathSourceHtml(line) : typeset }}
      data-testid="math-line"
    />
  );
}

export function RichTextLine({ html, fallback }: { html: string | null | undefined; fallback: string }) {
  return html && hasMath(html) ? <MathLine html={html} /> : <>{fallback}</>;
}
