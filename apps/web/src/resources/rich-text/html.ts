/** What an editor reports as the form value: `''` for an empty document, so "required" applies. */
export function editorHtml(isEmpty: boolean, html: string): string {
  if (isEmpty) return '';
  // An editor keeps at least one paragraph, and an empty one after a heading, list or image: none of that is content.
  return html.trim().replace(/(<p>(\s|&nbsp;|<br\s*\/?>)*<\/p>)+$/i, '');
}

/** Plain text of rich text (list cells, previews of bodies): tags dropped, entities of spaces read, whitespace folded. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(br|\/p|\/h\d|\/li|\/blockquote|\/pre)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
