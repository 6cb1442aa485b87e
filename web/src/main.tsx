import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initTheme } from './lib/theme';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import './styles/global.css';

// Colours first, so the first paint already uses the visitor's theme.
initTheme();

const router = createRouter();
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
