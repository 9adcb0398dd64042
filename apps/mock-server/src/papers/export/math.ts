import { liteAdaptor, type LiteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import type { LiteElement } from 'mathjax-full/js/adaptors/lite/Element.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import 'mathjax-full/js/input/tex/ams/AmsConfiguration.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';

/**
 * Equations of the bank's rich text (the LaTeX the Word importer keeps,
 * `<span class="math-tex">\(…\)</span>`) typeset for the PDF by MathJax
 * (TeX input with the base and AMS packages, SVG output, no DOM: MathJax's
 * own lite adaptor) and kept as drawing operations: glyph outlines (paths in
 * MathJax's TeX fonts), rules (fraction bars, radicals' bars) and, for
 * characters its fonts lack (Chinese in `\text{}`), text the PDF sets in its
 * own font. pdfkit then fills the paths, so the formula is vector art in the
 * PDF, not a picture and not its LaTeX source. Units: 1000 to the em, y down,
 * the baseline at 0. LaTeX MathJax cannot read gives null (the caller prints
 * the source instead).
 */

/** A 2-D affine transform as SVG and PDF write it: [a b c d e f]. */
export type Matrix = readonly [number, number, number, number, number, number];
export type MathOp =
  | { kind: 'path'; d: string; m: Matrix }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; m: Matrix }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; lineWidth: number; m: Matrix }
  | { kind: 'text'; text: string; size: number; m: Matrix };
/** A typeset formula: its advance width, height above and depth below the baseline (ems) and what to draw. */
export interface Formula {
  width: number;
  ascent: number;
  descent: number;
  ops: MathOp[];
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (p: Matrix, q: Matrix): Matrix => [
  p[0] * q[0] + p[2] * q[1],
  p[1] * q[0] + p[3] * q[1],
  p[0] * q[2] + p[2] * q[3],
  p[1] * q[2] + p[3] * q[3],
  p[0] * q[4] + p[2] * q[5] + p[4],
  p[1] * q[4] + p[3] * q[5] + p[5],
];

/** An SVG `transform` attribute (translate, scale, matrix, rotate: what MathJax writes) as one matrix. */
export function parseTransform(value: string | null | undefined): Matrix {
  let m = IDENTITY;
  for (const [, name, args = ''] of (value ?? '').matchAll(/([a-zA-Z]+)\s*\(([^)]*)\)/g)) {
    const n = args
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const [a = 0, b, c = 0, d = 0, e = 0, f = 0] = n;
    switch (name) {
      case 'translate':
        m = multiply(m, [1, 0, 0, 1, a, b ?? 0]);
        break;
      case 'scale':
        m = multiply(m, [a, 0, 0, b ?? a, 0, 0]);
        break;
      case 'matrix':
        m = multiply(m, [a, b ?? 0, c, d, e, f]);
        break;
      case 'rotate': {
        const r = (a * Math.PI) / 180;
        m = multiply(m, [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]);
        break;
      }
    }
  }
  return m;
}

interface Engine {
  adaptor: LiteAdaptor;
  convert: (latex: string) => LiteElement;
}
let engine: Engine | null = null;

function mathEngine(): Engine {
  if (engine) return engine;
  const adaptor = liteAdaptor();
  RegisterHTMLHandler(adaptor);
  const tex = new TeX({
    packages: ['base', 'ams'],
    // A parse error throws (the caller falls back to the source) instead of typesetting a red message.
    formatError: (_jax: unknown, error: Error) => {
      throw error;
    },
  });
  const document = mathjax.document('', { InputJax: tex, OutputJax: new SVG({ fontCache: 'none' }) });
  engine = {
    adaptor,
    convert: (latex) => document.convert(latex, { display: false, em: 16, ex: 8, containerWidth: 80 * 16 }) as LiteElement,
  };
  return engine;
}

/** An attribute's value (the lite adaptor types it loosely). */
function attr(adaptor: LiteAdaptor, e: LiteElement, name: string): string | null {
  const value: unknown = adaptor.getAttribute(e, name);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}
const num = (adaptor: LiteAdaptor, e: LiteElement, name: string) => Number(attr(adaptor, e, name) ?? 0) || 0;

function collect(adaptor: LiteAdaptor, e: LiteElement, parent: Matrix, ops: MathOp[]) {
  const kind = adaptor.kind(e);
  let m = multiply(parent, parseTransform(attr(adaptor, e, 'transform')));
  switch (kind) {
    case 'path': {
      const d = attr(adaptor, e, 'd');
      if (d) ops.push({ kind: 'path', d, m });
      return;
    }
    case 'rect':
      ops.push({
        kind: 'rect',
        x: num(adaptor, e, 'x'),
        y: num(adaptor, e, 'y'),
        width: num(adaptor, e, 'width'),
        height: num(adaptor, e, 'height'),
        m,
      });
      return;
    case 'line':
      ops.push({
        kind: 'line',
        x1: num(adaptor, e, 'x1'),
        y1: num(adaptor, e, 'y1'),
        x2: num(adaptor, e, 'x2'),
        y2: num(adaptor, e, 'y2'),
        lineWidth: Number(attr(adaptor, e, 'stroke-width') ?? 0) || 40,
        m,
      });
      return;
    case 'text': {
      const text = adaptor.textContent(e);
      if (text) ops.push({ kind: 'text', text, size: parseFloat(attr(adaptor, e, 'font-size') ?? '') || 1000, m });
      return;
    }
    case 'svg':
      // A nested svg (MathJax's for some layouts) sits at its x and y.
      m = multiply(m, [1, 0, 0, 1, num(adaptor, e, 'x'), num(adaptor, e, 'y')]);
      break;
    case 'title':
    case 'defs':
      return;
  }
  for (const c of adaptor.childNodes(e))
    if (adaptor.kind(c) !== '#text' && adaptor.kind(c) !== '#comment') collect(adaptor, c as LiteElement, m, ops);
}

const cache = new Map<string, Formula | null>();
const CACHE_SIZE = 500;

/** The formula of `latex`, or null when MathJax cannot read it. Kept per LaTeX (a paper repeats few). */
export function typesetMath(latex: string): Formula | null {
  const hit = cache.get(latex);
  if (hit !== undefined) return hit;
  let formula: Formula | null = null;
  try {
    const { adaptor, convert } = mathEngine();
    const container = convert(latex);
    const svg = adaptor.childNodes(container).find((c) => adaptor.kind(c) === 'svg') as LiteElement | undefined;
    const box = (svg && attr(adaptor, svg, 'viewBox'))?.split(/\s+/).map(Number);
    if (svg && box?.length === 4 && box.every(Number.isFinite)) {
      const [minX = 0, minY = 0, width = 0, height = 0] = box;
      const ops: MathOp[] = [];
      // The viewBox's left edge at x 0; its y is already about the baseline.
      for (const c of adaptor.childNodes(svg)) if (adaptor.kind(c) !== '#text') collect(adaptor, c as LiteElement, [1, 0, 0, 1, -minX, 0], ops);
      formula = { width: width / 1000, ascent: -minY / 1000, descent: (height + minY) / 1000, ops };
    }
  } catch {
    formula = null;
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(latex, formula);
  return formula;
}
