// First: on a map's, a workspace's or a station page's address, they start loading its chunks and first
// data before the rest of the app runs.
import './app/preload-map';
import './app/preload-explore';
import './app/preload-station';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
