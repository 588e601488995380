// A Vite + React app that adds Sidelog as the README says. The collector, on another origin, is named in the query.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Sidelog } from 'sidelog';

const params = new URLSearchParams(location.search);
const collector = params.get('collector');
const started = Sidelog.init({
  appKey: params.get('appKey'),
  apiURL: `${collector}/sidelog/api`,
  baseURL: `${collector}/sidelog`,
});
// For the test that drives this page.
window.Sidelog = Sidelog;

function App() {
  const [mode, setMode] = useState('starting');
  useEffect(() => {
    started.then(
      () => setMode(Sidelog.mode),
      (error) => setMode(String(error)),
    );
  }, []);
  return <p id="mode">Sidelog: {mode}</p>;
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
