/**
 * The texts a signed-out visitor can be shown (the login page, the document
 * title, the language menu, the tenant dialog, the error modal, the connection
 * banner, the session dialog and the ui labels of the root providers): dotted
 * paths into the merged locale files, a path naming a subtree takes all of it.
 * The build writes them, per language, into the visitor's one text file
 * (`visitorTexts` in apps/web/visitor-texts.ts); a path that names nothing fails
 * the build. Plain data: the build imports it.
 */
export const VISITOR_TEXT_KEYS = [
  'app',
  'routes.login',
  'login',
  'errors',
  'connection',
  'session',
  'shell.language',
  'shell.languages',
  'shell.logout',
  'common.ok',
  'table.empty',
  'table.loading',
  'table.total',
  'table.perPage',
  'table.previousPage',
  'table.nextPage',
  'table.pagination',
  'table.notifications',
  'table.selectAll',
  'table.selectRow',
  'table.selected',
  'form.ok',
  'form.cancel',
  'form.close',
  'form.confirm',
  'form.selectPlaceholder',
  'form.none',
  'form.checkAll',
  'content.ui.search',
  'content.ui.clear',
] as const;
