// The explorer's entry (the build's second, explorer.html), served by the service at /sidelog/.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExplorerApp } from './ExplorerApp.tsx';
import '../app/styles/portal.css';
import './explorer.css';
import './insight/insight.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ExplorerApp />
  </StrictMode>,
);
