import { describe, expect, it } from 'vitest';
import { scanSensitive, sensitiveAction, type SensitiveWord } from './sensitive-words.ts';

const word = (name: string, action: SensitiveWord['action']): SensitiveWord => ({ name, lower: name.toLowerCase(), action });
const words = [word('骗子', 'mask'), word('垃圾', 'mask'), word('赌博', 'refuse'), word('VPN', 'mask')];

describe('scanSensitive', () => {
  it('masks every occurrence of a mask word, counts each, lists the words in order of first occurrence', () => {
    const s = scanSensitive(words, '这个垃圾课程的老师是骗子，真是骗子！');
    expect(s.text).toBe('这个**课程的老师是**，真是**！');
    expect(s.hits).toBe(3);
    expect(s.words).toEqual(['垃圾', '骗子']);
    expect(s.refused).toBeNull();
  });

  it('reads the text normalized: spaces and punctuation between characters, full-width letters, case', () => {
    const s = scanSensitive(words, '有人说他是骗 子，还用ｖｐｎ和v.p.n');
    expect(s.hits).toBe(3);
    expect(s.text).toBe('有人说他是* *，还用***和*.*.*');
  });

  it('refuses a text holding a refuse word, naming it, whatever else it holds', () => {
    const s = scanSensitive(words, '骗子在搞赌-博');
    expect(s.refused).toBe('赌博');
    expect(s.text).toBe('骗子在搞赌-博');
  });

  it('leaves clean text alone', () => {
    expect(scanSensitive(words, '讲得很清楚，谢谢老师')).toEqual({ text: '讲得很清楚，谢谢老师', hits: 0, words: [], refused: null });
  });

  it('reads the action from the entry value: mask or * mask, anything else refuses', () => {
    expect(sensitiveAction('mask')).toBe('mask');
    expect(sensitiveAction(' MASK ')).toBe('mask');
    expect(sensitiveAction('*')).toBe('mask');
    expect(sensitiveAction(null)).toBe('refuse');
    expect(sensitiveAction('refuse')).toBe('refuse');
    expect(sensitiveAction('拦截')).toBe('refuse');
  });
});
