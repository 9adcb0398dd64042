import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * How rich text (article and course bodies, question stems) reads, in the
 * editor and in previews: the same spacing as the public site's articles.
 */
export const proseStyles: SystemStyleObject = {
  lineHeight: '1.75',
  wordBreak: 'break-word',
  '& > * + *': { marginTop: '0.75em' },
  '& h2': { fontSize: 'lg', fontWeight: 'semibold', marginTop: '1.2em' },
  '& h3': { fontSize: 'md', fontWeight: 'semibold', marginTop: '1em' },
  '& ul': { listStyleType: 'disc', paddingInlineStart: '1.6em' },
  '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.6em' },
  '& li > p': { margin: 0 },
  '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'brand.200', paddingInlineStart: '0.9em', color: 'fg.muted' },
  '& pre': { bg: 'gray.900', color: 'gray.100', borderRadius: 'md', padding: '0.75em 1em', fontFamily: 'mono', fontSize: 'xs', overflowX: 'auto' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', borderRadius: 'sm', paddingInline: '0.25em' },
  '& pre code': { bg: 'transparent', padding: 0, color: 'inherit' },
  '& a': { color: 'brand.fg', textDecoration: 'underline' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md' },
  '& hr': { borderColor: 'border', marginBlock: '1.2em' },
  '& table': { borderCollapse: 'collapse' },
  '& td, & th': { borderWidth: '1px', padding: '0.3em 0.6em' },
};
