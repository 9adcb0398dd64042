import { UiProvider } from '@edu/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mathLineHtml, mathSourceHtml, RichTextLine } from './math-line.tsx';

/** A stem as the Word importer stores an equation (omml.ts `mathHtml`). */
const stem = '<p>化简 <span class="math-tex">\\(\\frac{1}{2} &lt; x\\)</span>，求 <b>x</b> 的范围</p><p>（ ）</p>';

describe('rich text on a list line', () => {
  it('keeps the equations as marked spans between plain text, and shows their LaTeX without delimiters until typeset', () => {
    const line = mathLineHtml(stem);
    expect(line).toBe('化简 <span class="math-tex">\\(\\frac{1}{2} &lt; x\\)</span> ，求 x 的范围 （ ）');
    expect(mathSourceHtml(line)).toBe('化简 <code class="math-source">\\frac{1}{2} &lt; x</code> ，求 x 的范围 （ ）');
    // Text that looks like markup stays text.
    expect(mathLineHtml('<p>a &lt;b&gt; <span class="math-tex">\\(x\\)</span></p>')).toBe('a &lt;b&gt; <span class="math-tex">\\(x\\)</span>');
  });

  it('typesets the equations of a line that has some, never showing the delimiters', async () => {
    render(
      <UiProvider toaster={false}>
        <RichTextLine html={stem} fallback="化简 \\(\\frac{1}{2} < x\\)" />
      </UiProvider>,
    );
    const cell = screen.getByTestId('math-line');
    expect(cell.textContent).not.toContain('\\(');
    await waitFor(() => expect(cell.querySelector('.katex math mfrac')).not.toBeNull());
    expect(cell.getAttribute('title')).toBe('化简 \\frac{1}{2} < x ，求 x 的范围 （ ）');
  });

  it('shows the list title as it is when the text has no equation', () => {
    render(<RichTextLine html="<p>函数的单调性</p>" fallback="函数的单调性" />);
    expect(screen.queryByTestId('math-line')).toBeNull();
    expect(screen.getByText('函数的单调性')).toBeInTheDocument();
  });
});
