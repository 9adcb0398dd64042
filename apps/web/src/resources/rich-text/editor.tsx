import { Box, Button, Flex, HStack, IconButton, Input, Separator, type IconButtonProps } from '@chakra-ui/react';
import { Image } from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { proseStyles } from './prose.ts';
import { editorHtml } from './html.ts';
import { MathTex } from './math-node.ts';

/**
 * The console's rich-text editor (Tiptap 3: ProseMirror underneath, headless,
 * React 19 ready). Loaded lazily with the screens that edit rich text, so the
 * rest of the console does not carry it. Emits HTML; an empty document is
 * `''`, so a required body fails as "required". The server sanitizes what it
 * stores, so the editor does not have to.
 */
export interface RichTextEditorProps {
  value: string | null | undefined;
  onChange: (html: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Editing area height (CSS), default 240px min. */
  minHeight?: string;
  name?: string;
  /** The field's label: the editable area's accessible name. */
  label?: string;
}

const svg = (body: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {body}
  </svg>
);

// Lucide shapes (ISC licence).
const icons = {
  bold: svg(<path d="M6 12h9a4 4 0 0 1 0 8H7a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h7a4 4 0 0 1 0 8" />),
  italic: svg(<path d="M19 4h-9M14 20H5M15 4 9 20" />),
  underline: svg(<path d="M6 4v6a6 6 0 0 0 12 0V4M4 20h16" />),
  strike: svg(<path d="M16 4H9a3 3 0 0 0-2.83 4M14 12a4 4 0 0 1 0 8H6M4 12h16" />),
  bulletList: svg(<path d="M3 12h.01M3 18h.01M3 6h.01M8 12h13M8 18h13M8 6h13" />),
  orderedList: svg(<path d="M10 12h11M10 18h11M10 6h11M4 10h2M4 6h1v4M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />),
  blockquote: svg(<path d="M17 6H3M21 12H8M21 18H8M3 12v6" />),
  codeBlock: svg(<path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />),
  horizontalRule: svg(<path d="M5 12h14" />),
  link: svg(<path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />),
  image: svg(
    <>
      <rect width="18" height="18" x="3" y="3" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.09-3.09a2 2 0 0 0-2.82 0L6 21" />
    </>,
  ),
  undo: svg(<path d="M3 7v6h6M21 17a9 9 0 0 0-9-9 9 9 0 0 0-6 2.3L3 13" />),
  redo: svg(<path d="M21 7v6h-6M3 17a9 9 0 0 1 9-9 9 9 0 0 1 6 2.3l3 2.7" />),
};

function ToolButton({ active, ...props }: IconButtonProps & { active?: boolean }) {
  return (
    <IconButton
      size="xs"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      aria-pressed={active}
      title={props['aria-label']}
      {...props}
    />
  );
}

type Prompt = { kind: 'link' | 'image'; value: string } | null;

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [prompt, setPrompt] = useState<Prompt>(null);
  const chain = () => editor.chain().focus();
  const label = (key: string) => t(`content.editor.${key}`);

  const applyPrompt = () => {
    if (!prompt) return;
    const url = prompt.value.trim();
    if (prompt.kind === 'link') {
      if (url) chain().extendMarkRange('link').setLink({ href: url }).run();
      else chain().extendMarkRange('link').unsetLink().run();
    } else if (url) chain().setImage({ src: url }).run();
    setPrompt(null);
  };

  const groups: Array<Array<{ key: string; icon: ReactNode; text?: string; active?: boolean; run: () => void; disabled?: boolean }>> = [
    [
      { key: 'bold', icon: icons.bold, active: state.bold, run: () => chain().toggleBold().run() },
      { key: 'italic', icon: icons.italic, active: state.italic, run: () => chain().toggleItalic().run() },
      { key: 'underline', icon: icons.underline, active: state.underline, run: () => chain().toggleUnderline().run() },
      { key: 'strike', icon: icons.strike, active: state.strike, run: () => chain().toggleStrike().run() },
    ],
    [
      { key: 'heading2', icon: <b>H2</b>, text: 'H2', active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
      { key: 'heading3', icon: <b>H3</b>, text: 'H3', active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
      { key: 'bulletList', icon: icons.bulletList, active: state.bulletList, run: () => chain().toggleBulletList().run() },
      { key: 'orderedList', icon: icons.orderedList, active: state.orderedList, run: () => chain().toggleOrderedList().run() },
      { key: 'blockquote', icon: icons.blockquote, active: state.blockquote, run: () => chain().toggleBlockquote().run() },
      { key: 'codeBlock', icon: icons.codeBlock, active: state.codeBlock, run: () => chain().toggleCodeBlock().run() },
      { key: 'horizontalRule', icon: icons.horizontalRule, run: () => chain().setHorizontalRule().run() },
    ],
    [
      {
        key: 'link',
        icon: icons.link,
        active: state.link,
        run: () => setPrompt({ kind: 'link', value: (editor.getAttributes('link').href as string | undefined) ?? '' }),
      },
      { key: 'image', icon: icons.image, run: () => setPrompt({ kind: 'image', value: '' }) },
    ],
    [
      { key: 'undo', icon: icons.undo, run: () => chain().undo().run(), disabled: !state.canUndo },
      { key: 'redo', icon: icons.redo, run: () => chain().redo().run(), disabled: !state.canRedo },
    ],
  ];

  return (
    <Box borderBottomWidth="1px" bg="bg.subtle" borderTopRadius="md">
      <HStack gap="0.5" px="1.5" py="1" wrap="wrap" role="toolbar" aria-label={label('toolbar')}>
        {groups.map((group, i) => (
          <HStack key={i} gap="0.5">
            {i > 0 && <Separator orientation="vertical" height="5" mx="1" />}
            {group.map((b) => (
              <ToolButton
                key={b.key}
                // A button showing text (H2) is named by that text first, then what it does.
                aria-label={b.text ? `${b.text} ${label(b.key)}` : label(b.key)}
                active={b.active}
                disabled={disabled || b.disabled}
                onClick={b.run}
                data-testid={`editor-${b.key}`}
              >
                {b.icon}
              </ToolButton>
            ))}
          </HStack>
        ))}
      </HStack>
      {prompt && (
        <Flex gap="2" px="2" pb="2" align="center">
          <Input
            size="xs"
            autoFocus
            value={prompt.value}
            placeholder={label(prompt.kind === 'link' ? 'linkUrl' : 'imageUrl')}
            onChange={(e) => setPrompt({ ...prompt, value: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                // Inside a form: Enter must not submit it.
                e.preventDefault();
                applyPrompt();
              } else if (e.key === 'Escape') {
                e.stopPropagation();
                setPrompt(null);
              }
            }}
            data-testid="editor-url"
          />
          <Button size="xs" colorPalette="brand" onClick={applyPrompt} data-testid="editor-url-ok">
            {label('ok')}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setPrompt(null)}>
            {label('cancel')}
          </Button>
        </Flex>
      )}
    </Box>
  );
}

export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  placeholder,
  disabled,
  invalid,
  minHeight = '240px',
  name,
  label,
}: RichTextEditorProps) {
  // What the editor last reported: a value that differs came from outside (a form reset) and replaces the document.
  const emitted = useRef<string>(value ?? '');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image,
      MathTex,
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value ?? '',
    editable: !disabled,
    // ProseMirror's editable area is a textbox with no name of its own: it takes the field's label.
    editorProps: { attributes: { 'aria-label': label ?? '', 'aria-multiline': 'true' } },
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e.isEmpty, e.getHTML());
      // Plugins normalizing the document on load (a trailing paragraph) change nothing the form keeps.
      if (html === emitted.current) return;
      emitted.current = html;
      onChange(html);
    },
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    if (!editor) return;
    const next = value ?? '';
    if (next !== emitted.current) {
      emitted.current = next;
      editor.commands.setContent(next, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Box
      width="full"
      borderWidth="1px"
      borderRadius="md"
      borderColor={invalid ? 'border.error' : 'border'}
      _focusWithin={{
        borderColor: invalid ? 'border.error' : 'brand.solid',
        boxShadow: invalid ? undefined : '0 0 0 1px var(--chakra-colors-brand-solid)',
      }}
      bg="bg"
      data-testid={name ? `rich-text-${name}` : 'rich-text'}
    >
      {editor && <Toolbar editor={editor} disabled={disabled} />}
      <Box
        css={{
          '& .ProseMirror': {
            ...proseStyles,
            minHeight,
            maxHeight: '60vh',
            overflowY: 'auto',
            px: '3',
            py: '2',
            outline: 'none',
          },
          '& .ProseMirror p.is-editor-empty:first-of-type::before': {
            content: 'attr(data-placeholder)',
            float: 'left',
            color: 'fg.subtle',
            pointerEvents: 'none',
            height: 0,
          },
          '& .ProseMirror img.ProseMirror-selectednode, & .ProseMirror .math-tex.ProseMirror-selectednode': {
            outline: '2px solid',
            outlineColor: 'brand.solid',
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
