import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { installVisitorTexts } from '../lib/visitor-texts.ts';
import { setTextSource, textSource } from '../lib/texts.ts';
import { VisitorApp } from './visitor-app.tsx';

/** A text that is a key (`login.submit`, `routes.login`): what a visitor sees when its text file lacks one. */
const RAW_KEY = /\b[a-z]+(?:\.[a-zA-Z-]+)+\b/;

describe("the visitor's root with its own text file (no i18next)", () => {
  const i18next = textSource();
  afterAll(() => setTextSource(i18next));

  for (const [lng, title] of [
    ['zh-CN', '在线教育考试平台 - 登录'],
    ['en', 'EduExam Console - Sign in'],
  ] as const)
    it(`shows every text of the login page and its title in ${lng}, none as a key`, async () => {
      await installVisitorTexts(lng);
      const { unmount } = render(<VisitorApp />);
      await screen.findByTestId('login-form');
      expect(document.title).toBe(title);
      expect(document.documentElement.lang).toBe(lng);
      const shown = [document.body.innerText, ...[...document.querySelectorAll('[placeholder]')].map((e) => e.getAttribute('placeholder'))];
      for (const text of shown) expect(text).not.toMatch(RAW_KEY);
      unmount();
    });
});
