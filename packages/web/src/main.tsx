import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { keepHostHandshake } from './features/embedded/handshake';

// An embedded dashboard's host sends its handshake once, as soon as this document has loaded: keep it for the page.
if (window.location.pathname.startsWith('/embedded/')) keepHostHandshake(window);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
