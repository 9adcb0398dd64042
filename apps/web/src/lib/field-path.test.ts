import { describe, expect, it } from 'vitest';
import { fieldKey, fieldPath, setAtPath } from './field-path.ts';

describe('field paths', () => {
  it('reads zod paths and ABP member names alike', () => {
    expect(fieldPath(['lessons', 2, 'title'])).toBe('lessons.2.title');
    expect(fieldPath('lessons[2].title')).toBe('lessons.2.title');
    expect(fieldPath('Lessons[2].Title')).toBe('lessons.2.title');
    expect(fieldPath('lessons.2.title')).toBe('lessons.2.title');
    expect(fieldPath('input.lessons[0].videoUrl')).toBe('lessons.0.videoUrl');
    expect(fieldPath('userName')).toBe('userName');
    expect(fieldPath([])).toBe('');
    expect(fieldKey('lessons.2.title')).toBe('lessons.title');
  });

  it('nests errors the way field arrays read them; the first message of a path wins', () => {
    const errors: Record<string, unknown> = {};
    setAtPath(errors, 'title', { message: 'a' });
    setAtPath(errors, 'lessons.2.title', { message: 'b' });
    setAtPath(errors, 'lessons.2.title', { message: 'later' });
    setAtPath(errors, 'lessons.0.durationMinutes', { message: 'c' });
    expect(errors.title).toEqual({ message: 'a' });
    expect(Array.isArray(errors.lessons)).toBe(true);
    expect(errors.lessons).toEqual([{ durationMinutes: { message: 'c' } }, undefined, { title: { message: 'b' } }]);
  });
});
