import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n.ts';
import { boot } from './app/boot.ts';
import { App } from './app/app.tsx';

void boot().then((result) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App boot={result} />
    </StrictMode>,
  );
});
