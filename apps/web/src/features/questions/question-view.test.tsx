import type { TestQuestionDto } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { renderMath } from '../../resources/rich-text/math.ts';
import { QuestionView } from './question-view.tsx';

/** A stem as the Word importer stores an equation (omml.ts `mathHtml`): LaTeX, HTML-escaped, in a marked span. */
const stem = '<p>化简 <span class="math-tex">\\(\\frac{1}{2}+{x}^{2} &lt; \\sqrt{4}\\)</span> 的结果是（ ）</p>';

describe('equations in question rich text', () => {
  it('typesets a marked equation as KaTeX markup (MathML with the fraction and root), the text around it kept', () => {
    const html = renderMath(stem);
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('.katex math mfrac')).not.toBeNull();
    expect(box.querySelector('.katex math msqrt')).not.toBeNull();
    expect(box.querySelector('.katex math mo')?.textContent).toBe('+');
    // What the eye reads is typeset, not the LaTeX source (which stays only as MathML's annotation).
    expect(box.querySelector('.katex-html')?.textContent).not.toMatch(/\\frac|\\sqrt|math-tex/);
    expect(box.querySelector('.katex-html')?.textContent).toContain('<');
    expect(box.textContent).toMatch(/^化简 .*的结果是（ ）$/);
  });

  it('leaves LaTeX it cannot read as its source in an error mark, never throwing', () => {
    const box = document.createElement('div');
    box.innerHTML = renderMath('<p><span class="math-tex">\\(\\frac{1}{\\)</span></p>');
    expect(box.querySelector('.katex-error')?.textContent).toBe('\\frac{1}{');
  });

  it('the question preview shows the stem and an option with their equations typeset', async () => {
    const question = {
      questionType: 1,
      stem,
      analysis: null,
      score: 2,
      trueFalseAnswer: null,
      blanks: null,
      referenceAnswer: null,
      options: [
        { label: 'A', content: '<p><span class="math-tex">\\({x}_{1}\\)</span></p>', isCorrect: true },
        { label: 'B', content: '<p>以上都不对</p>', isCorrect: false },
      ],
      subQuestions: [],
    } as unknown as TestQuestionDto;
    render(
      <UiProvider toaster={false}>
        <QuestionView question={question} />
      </UiProvider>,
    );
    const shown = screen.getByTestId('preview-stem');
    await waitFor(() => expect(shown.querySelector('.katex math mfrac')).not.toBeNull());
    expect(shown.textContent).not.toContain('\\(');
    await waitFor(() => expect(screen.getByTestId('preview-options').querySelector('.katex math msub')).not.toBeNull());
  });
});
