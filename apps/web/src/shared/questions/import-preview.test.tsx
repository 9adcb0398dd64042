import { UiProvider } from '@edu/ui';
import type { ImportResult } from '@edu/sdk';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { DocumentPreview } from './import-preview.tsx';

const row = (n: number, status: 'valid' | 'invalid', preview: ImportResult['rows'][number]['preview']) => ({
  row: n,
  question: null,
  label: '',
  status,
  createdId: null,
  duplicateOfId: null,
  duplicateOfRow: null,
  preview,
});

const result = (rows: ImportResult['rows']): ImportResult => ({
  mode: 'dryRun',
  allOrNothing: true,
  fileName: '题目.docx',
  total: rows.length,
  valid: 1,
  created: 0,
  skippedDuplicates: 0,
  invalidRows: 1,
  errorCount: 1,
  errors: [],
  rows,
  committed: false,
});

describe('the Word/TXT dry-run preview', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('shows each question’s numbered source lines beside what was read, and nothing for sheet rows', () => {
    const { container } = render(
      <UiProvider>
        <DocumentPreview
          result={result([
            row(5, 'valid', {
              questionType: 2,
              indefinite: true,
              answer: 'AC',
              blanks: 0,
              score: 3,
              lines: [
                { line: 5, text: '下列是偶数的有' },
                { line: 6, text: 'A. 2' },
              ],
            }),
            row(9, 'invalid', { questionType: 1, indefinite: false, answer: '', blanks: 0, score: null, lines: [{ line: 9, text: 'A. 1' }] }),
          ])}
        />
      </UiProvider>,
    );
    const rows = screen.getAllByTestId('import-preview-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('5下列是偶数的有');
    expect(within(rows[0]!).getByText('多选题')).toBeTruthy();
    expect(within(rows[0]!).getByText('标有【不定项选择题】')).toBeTruthy();
    expect(within(rows[0]!).getByText('答案：AC')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 分')).toBeTruthy();
    expect(within(rows[1]!).getByText('此题有错误，见上方错误明细')).toBeTruthy();
    container.remove();
    const sheet = render(
      <UiProvider>
        <DocumentPreview result={result([{ ...row(2, 'valid', undefined) }])} />
      </UiProvider>,
    );
    expect(sheet.queryByTestId('import-preview')).toBeNull();
  });
});
