import { describe, expect, it } from 'vitest';
import { editorHtml, htmlToText } from './html.ts';

describe('rich text values', () => {
  it('treats an empty document as no value', () => {
    expect(editorHtml(true, '<p></p>')).toBe('');
    expect(editorHtml(false, '<p></p>')).toBe('');
    expect(editorHtml(false, '<p> &nbsp;<br></p><p></p>')).toBe('');
    expect(editorHtml(false, '<p>函数的单调性</p>')).toBe('<p>函数的单调性</p>');
    expect(editorHtml(false, '<img src="/a.png">')).toBe('<img src="/a.png">');
    // The trailing paragraph an editor keeps after a heading is not content.
    expect(editorHtml(false, '<h2>导入</h2><p></p>')).toBe('<h2>导入</h2>');
    expect(editorHtml(false, '<p></p><p>甲</p>')).toBe('<p></p><p>甲</p>');
  });
  it('reads the plain text of rich text', () => {
    expect(htmlToText('<h2>一、导入</h2><p>已知&nbsp;<b>f(x)</b> &lt; 0</p><ul><li>甲</li><li>乙</li></ul>')).toBe('一、导入 已知 f(x) < 0 甲 乙');
    expect(htmlToText(null)).toBe('');
  });
});
