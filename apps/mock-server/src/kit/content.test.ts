import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText, showsText } from './content.ts';

/** What Create checked before: the sanitized body through sanitize-html again, keeping no tags, trimmed. */
const plainText = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();

describe('showsText', () => {
  it('says what a second sanitize pass keeping no tags says, for bodies with and without text', () => {
    const bodies = [
      '<p>正文</p>',
      '<p></p>',
      '<p> &nbsp; </p>',
      '<p>&nbsp;</p><p>\u3000</p>',
      '<p>\u00a0\u2003\n\t</p>',
      '<script>alert(1)</script>',
      '<style>p { color: red }</style><p> </p>',
      '<!-- comment --><p><br></p>',
      '<p><img src="x.png" alt="图"></p>',
      '<a href="javascript:alert(1)" title="a > b">&gt;</a>',
      '<p title="x > y"> </p>',
      '<p>a &lt; b &amp;&amp; c &gt; d</p>',
      '<p>&quot;</p>',
      '<![CDATA[ text ]]><p></p>',
      '<textarea>hidden</textarea><p> </p>',
      '<svg><text>画</text></svg>',
      '<p>1 < 2</p>',
      '<<p>>',
      '<p>text</p',
      '<table><tr><td> </td></tr></table>',
      '<iframe src="https://x"></iframe><span style="color:#fff">字</span>',
      '&#32;&#x20;',
      '&#x3000;',
      '&zwnj;',
      '<p>\u200b</p>',
    ];
    for (const body of bodies) {
      const safe = sanitizeRichText(body);
      expect(showsText(safe), `${body} -> ${safe}`).toBe(plainText(safe) !== '');
    }
  });
});
