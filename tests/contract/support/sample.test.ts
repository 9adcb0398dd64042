import { CreateOneQuestionPerdayInput, services } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { editableText, sampleInput } from './sample.ts';

describe('inputs sampled from a schema', () => {
  it('are valid inputs of a simple entity with its required members only', () => {
    const sample = sampleInput(CreateOneQuestionPerdayInput);
    expect(Object.keys(sample).sort()).toEqual(['answer', 'content', 'publishDate', 'title']);
    expect(CreateOneQuestionPerdayInput.safeParse(sample).success).toBe(true);
    expect(sampleInput(CreateOneQuestionPerdayInput).title).not.toBe(sample.title);
    expect(editableText(CreateOneQuestionPerdayInput)).toBe('title');
  });

  it('are valid inputs of the registry’s plain Creates (formatted members such as URLs and codes keep listed fixtures)', () => {
    const valid = Object.entries(services).flatMap(([key, s]) => {
      const create = 'Create' in s.endpoints ? s.endpoints.Create.input : undefined;
      return create && create.safeParse(sampleInput(create)).success ? [key] : [];
    });
    expect(valid).toEqual(expect.arrayContaining(['article', 'learningCourse', 'oneQuestionPerday', 'chapterType', 'systemDictionary']));
  });
});
