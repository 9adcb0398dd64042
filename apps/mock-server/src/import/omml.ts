import { childrenOf, textOf, type XmlElement } from './xml.ts';

/**
 * Word equations (Office Math Markup, `m:oMath`) as LaTeX: fractions,
 * scripts, radicals, delimiters, n-ary operators (∑ ∫ ∏ with their limits),
 * accents and bars, functions, matrices and equation arrays; anything else
 * gives its text. An imported equation is kept as its LaTeX in a marked span
 * (`<span class="math-tex">\(…\)</span>`, the form KaTeX's auto-render and
 * MathJax read): the console's question preview typesets it with KaTeX, the
 * printed paper's PDF with MathJax (papers/export/math.ts).
 */

/** Where an equation stands in a line's text: its LaTeX between private-use marks. */
export const mathMark = (latex: string) => `\uE002${latex}\uE003`;
/** Every equation mark, its LaTeX captured. */
export const MATH_MARKS = /\uE002([^\uE003]*)\uE003/g;

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** An equation as the bank's rich text keeps it. */
export const mathHtml = (latex: string) => `<span class="math-tex">\\(${escapeHtml(latex)}\\)</span>`;

const SYMBOLS: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∬': '\\iint',
  '∮': '\\oint',
  '×': '\\times',
  '÷': '\\div',
  '±': '\\pm',
  '≤': '\\le',
  '≥': '\\ge',
  '≠': '\\ne',
  '≈': '\\approx',
  '∞': '\\infty',
  π: '\\pi',
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  θ: '\\theta',
  λ: '\\lambda',
  μ: '\\mu',
  σ: '\\sigma',
  ω: '\\omega',
  Δ: '\\Delta',
  '→': '\\to',
  '∈': '\\in',
  '√': '\\surd',
  '⋅': '\\cdot',
  '°': '^{\\circ}',
};
const symbol = (s: string) => [...s].map((c) => (SYMBOLS[c] ? `${SYMBOLS[c]} ` : c)).join('');

const child = (e: XmlElement, name: string) => childrenOf(e).find((c) => c.name === name);
const prop = (e: XmlElement, pr: string, name: string) => {
  const p = child(e, pr);
  const v = p && child(p, name);
  return v?.attrs['m:val'];
};

/** One OMML element (and what it holds) as LaTeX. */
export function ommlToLatex(e: XmlElement): string {
  const arg = (name: string) => {
    const c = child(e, name);
    return c ? ommlToLatex(c) : '';
  };
  const all = () => childrenOf(e).map(ommlToLatex).join('');
  switch (e.name) {
    case 'm:t':
      return symbol(textOf(e));
    case 'm:r':
      return childrenOf(e)
        .filter((c) => c.name === 'm:t' || c.name === 'w:t')
        .map((c) => symbol(textOf(c)))
        .join('');
    case 'm:f':
      return `\\frac{${arg('m:num')}}{${arg('m:den')}}`;
    case 'm:sSup':
      return `{${arg('m:e')}}^{${arg('m:sup')}}`;
    case 'm:sSub':
      return `{${arg('m:e')}}_{${arg('m:sub')}}`;
    case 'm:sSubSup':
      return `{${arg('m:e')}}_{${arg('m:sub')}}^{${arg('m:sup')}}`;
    case 'm:sPre':
      return `{}_{${arg('m:sub')}}^{${arg('m:sup')}}{${arg('m:e')}}`;
    case 'm:rad': {
      const degree = arg('m:deg');
      return degree ? `\\sqrt[${degree}]{${arg('m:e')}}` : `\\sqrt{${arg('m:e')}}`;
    }
    case 'm:d': {
      const open = prop(e, 'm:dPr', 'm:begChr') ?? '(';
      const close = prop(e, 'm:dPr', 'm:endChr') ?? ')';
      const parts = childrenOf(e)
        .filter((c) => c.name === 'm:e')
        .map(ommlToLatex);
      const fence = (c: string) => (c === '{' ? '\\{' : c === '}' ? '\\}' : c || '.');
      return `\\left${fence(open)}${parts.join(prop(e, 'm:dPr', 'm:sepChr') ?? ',')}\\right${fence(close)}`;
    }
    case 'm:nary': {
      const op = symbol(prop(e, 'm:naryPr', 'm:chr') ?? '∫').trim();
      const sub = arg('m:sub');
      const sup = arg('m:sup');
      return `${op}${sub ? `_{${sub}}` : ''}${sup ? `^{${sup}}` : ''}{${arg('m:e')}}`;
    }
    case 'm:func':
      return `${arg('m:fName')}{${arg('m:e')}}`;
    case 'm:limLow':
      return `${arg('m:e')}_{${arg('m:lim')}}`;
    case 'm:limUpp':
      return `${arg('m:e')}^{${arg('m:lim')}}`;
    case 'm:bar':
      return `\\overline{${arg('m:e')}}`;
    case 'm:acc': {
      const chr = prop(e, 'm:accPr', 'm:chr') ?? '\u0302';
      const command = chr === '\u0305' || chr === '¯' ? 'bar' : chr === '\u20d7' || chr === '→' ? 'vec' : chr === '\u0307' ? 'dot' : 'hat';
      return `\\${command}{${arg('m:e')}}`;
    }
    case 'm:m':
      return `\\begin{matrix}${childrenOf(e)
        .filter((c) => c.name === 'm:mr')
        .map((r) =>
          childrenOf(r)
            .filter((c) => c.name === 'm:e')
            .map(ommlToLatex)
            .join(' & '),
        )
        .join(' \\\\ ')}\\end{matrix}`;
    case 'm:eqArr':
      return `\\begin{aligned}${childrenOf(e)
        .filter((c) => c.name === 'm:e')
        .map(ommlToLatex)
        .join(' \\\\ ')}\\end{aligned}`;
    default:
      // Properties carry no content; containers (m:oMath, m:e, m:num …) are their children in order.
      return /Pr$/.test(e.local) ? '' : all();
  }
}
