import { Node } from '@tiptap/core';
import { loadMath } from './use-math.ts';

/**
 * An equation in the editor: the importer's marked span
 * (`<span class="math-tex">\(…\)</span>`, see `math.ts`) as one inline atom.
 * Its source, delimiters included, is kept as read and written back as is, so
 * editing the text around an equation never loses or changes it. Shown
 * typeset with the same lazily loaded KaTeX as the preview (the LaTeX source
 * until KaTeX arrives); the caret steps over it, and it is deleted as a whole.
 */
export const MathTex = Node.create({
  name: 'mathTex',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addAttributes() {
    return {
      source: {
        default: '',
        parseHTML: (element) => element.textContent ?? '',
        // Written as the span's text (renderHTML), never as an HTML attribute.
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span.math-tex' }];
  },

  renderHTML({ node }) {
    return ['span', { class: 'math-tex' }, String(node.attrs.source)];
  },

  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.className = 'math-tex';
      dom.contentEditable = 'false';
      const source = String(node.attrs.source);
      dom.textContent = source;
      dom.title = source;
      loadMath().then(
        (render) => {
          const holder = document.createElement('span');
          holder.append(dom.cloneNode(true));
          dom.innerHTML = render(holder.innerHTML);
        },
        // KaTeX could not be fetched: the LaTeX source stays readable.
        () => undefined,
      );
      return { dom };
    };
  },
});
