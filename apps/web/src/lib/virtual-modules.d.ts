/** The visitor's texts of one language (apps/web/visitor-texts.ts): dotted key → text. */
declare module 'virtual:visitor-texts/*' {
  const texts: Readonly<Record<string, string>>;
  export default texts;
}
