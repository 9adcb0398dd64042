/**
 * How the bank's rich text marks an equation (the Word importer's
 * `<span class="math-tex">\(…\)</span>`, LaTeX HTML-escaped inside): shared by
 * the KaTeX renderer (`math.ts`) and the code that decides whether to load it.
 */

/** A marked equation span (`math.ts`), its (escaped) LaTeX captured. Global: use it with `replace` or `matchAll`. */
export const MATH_SPAN = /<span\b[^>]*\bclass\s*=\s*["']math-tex["'][^>]*>\s*\\\(([\s\S]*?)\\\)\s*<\/span>/g;

/** Whether rich text holds an equation as the importer marks it (`math.ts`). */
export const hasMath = (html: string) => /\bclass\s*=\s*["']math-tex["']/.test(html);
