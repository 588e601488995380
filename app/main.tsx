// The portal's entry: start the plugins (never waiting for them), then render the routes.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Sidelog } from 'sidelog';
import { config } from './config.ts';
import { startPlugins } from './plugins/start-plugins.ts';
import { App } from './routes/App.tsx';
import './styles/portal.css';

startPlugins(config);
// For support staff in DevTools and for end-to-end tests.
(window as unknown as { Sidelog: typeof Sidelog }).Sidelog = Sidelog;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
