// TypeScript's own errors, reported by ESLint from the program its type-aware rules already built, so that CI
// type-checks each file once instead of twice (once in `tsc -b`, once in the lint's own checker): the rules
// had asked the checker for most of the file's types, and the full check of the file reuses them.
// `pnpm typecheck` (tsc -b per package) stays for developers and editors; `pnpm test` relies on this rule.
// scripts/eslint-type-errors.test.mjs plants type errors and expects each reported.
import ts from 'typescript';

/**
 * Options and global errors once per program per run (the first file linted in it carries them), with the errors of
 * the project's generated sources (Prisma's client), which ESLint ignores and `tsc` checks.
 */
const programsReported = new WeakSet();

function generatedFileErrors(program) {
  const generated = program
    .getRootFileNames()
    .filter((name) => name.includes('/generated/') && !name.includes('/node_modules/') && !name.endsWith('.d.ts'))
    .map((name) => program.getSourceFile(name))
    .filter((file) => file !== undefined);
  return generated.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]);
}

/** @type {import('eslint').Rule.RuleModule} */
const typeErrors = {
  meta: {
    type: 'problem',
    docs: { description: "Reports TypeScript's syntactic and semantic errors for the file, as `tsc` would." },
    schema: [],
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    return {
      'Program:exit'() {
        const file = program.getSourceFile(context.physicalFilename);
        if (!file) return;
        const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
        if (!programsReported.has(program)) {
          programsReported.add(program);
          diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...generatedFileErrors(program));
        }
        for (const diagnostic of diagnostics) {
          if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
          const text = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
          if (diagnostic.file !== file || diagnostic.start === undefined) {
            // Another file's (generated) or the project's own: named with its place, reported at the top of this one.
            const where =
              diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
            const place = diagnostic.file ? `${diagnostic.file.fileName}${where ? `:${where.line + 1}:${where.character + 1}` : ''}: ` : '';
            context.report({ loc: { line: 1, column: 0 }, message: `${place}${text}` });
            continue;
          }
          const start = context.sourceCode.getLocFromIndex(diagnostic.start);
          const end = context.sourceCode.getLocFromIndex(diagnostic.start + (diagnostic.length ?? 0));
          context.report({ loc: { start, end }, message: text });
        }
      },
    };
  },
};

export const typescriptErrors = { rules: { 'type-errors': typeErrors } };
