import { UiProvider } from '@edu/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import RichTextEditor from './editor.tsx';

function show(value: string, onChange = vi.fn()) {
  const view = render(
    <UiProvider toaster={false}>
      <RichTextEditor name="content" value={value} onChange={onChange} />
    </UiProvider>,
  );
  return { ...view, onChange };
}

describe('RichTextEditor', () => {
  it('shows the value, a translated toolbar, and formats the selection', async () => {
    const { onChange, container } = show('<p>函数的单调性</p>');
    const doc = container.querySelector('.ProseMirror') as HTMLElement;
    expect(doc).toHaveTextContent('函数的单调性');
    expect(screen.getByRole('toolbar', { name: '格式工具栏' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '加粗' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '撤销' })).toBeDisabled();
    // Select everything, make it bold: the form hears HTML.
    act(() => {
      doc.focus();
      document.execCommand?.('selectAll');
    });
    fireEvent.click(screen.getByRole('button', { name: 'H2 二级标题' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>函数的单调性</h2>'));
  });

  it('takes a new value from outside (a form reset) without echoing it back', async () => {
    const { rerender, onChange, container } = show('<p>旧内容</p>');
    rerender(
      <UiProvider toaster={false}>
        <RichTextEditor name="content" value="<p>新内容</p>" onChange={onChange} />
      </UiProvider>,
    );
    await waitFor(() => expect(container.querySelector('.ProseMirror')).toHaveTextContent('新内容'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('adds a link through its address box', async () => {
    const { onChange } = show('<p>教育部官网</p>');
    fireEvent.click(screen.getByRole('button', { name: '插入链接' }));
    const input = await screen.findByTestId('editor-url');
    fireEvent.change(input, { target: { value: 'https://www.moe.gov.cn' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByTestId('editor-url')).toBeNull());
    // With an empty selection nothing is linked, but the box closes and nothing breaks.
    expect(onChange.mock.calls.every(([html]) => typeof html === 'string')).toBe(true);
  });

  it('keeps an imported equation byte for byte when the text around it is edited', async () => {
    // As the Word importer stores it (omml.ts `mathHtml`): LaTeX, HTML-escaped, in a marked span.
    const math = '<span class="math-tex">\\(\\frac{1}{2}+{x}^{2} &lt; \\sqrt{4}\\)</span>';
    const { onChange, container } = show(`<p>化简 ${math} 的结果是</p>`);
    const doc = container.querySelector('.ProseMirror') as HTMLElement;
    // Shown as an equation the caret steps over, not as editable LaTeX.
    const shown = doc.querySelector('.math-tex') as HTMLElement;
    expect(shown).not.toBeNull();
    expect(shown.getAttribute('contenteditable')).toBe('false');
    // Typeset once KaTeX has loaded, as in the preview.
    await waitFor(() => expect(shown.querySelector('.katex math mfrac')).not.toBeNull());
    act(() => doc.focus());
    fireEvent.click(screen.getByRole('button', { name: 'H2 二级标题' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(`<h2>化简 ${math} 的结果是</h2>`));
  });
});
