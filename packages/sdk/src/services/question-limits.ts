// The question bank's plain limits, in a module without zod: the server's read worker (which parses
// uploaded question files in a thread of its own) uses them without evaluating any schema.
// The package's index exports them from here only, so an import of one never reaches a schema module.

/** At most ten options, labelled A–J by position. */
export const MAX_QUESTION_OPTIONS = 10;
export const MAX_QUESTION_BLANKS = 20;
export const MAX_SUB_QUESTIONS = 20;
/** Option labels by position. */
export const OPTION_LABELS = 'ABCDEFGHIJ';

/** Most questions (rows) in one import file. */
export const QUESTION_IMPORT_MAX_ROWS = 10_000;
