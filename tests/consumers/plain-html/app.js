// A page with no bundler that adds Sidelog as the README says. The collector, on another origin, is named in the query,
// and so is the worker's URL when the host serves the worker itself.
import { Sidelog } from './node_modules/sidelog/dist/index.js';

const params = new URLSearchParams(location.search);
const collector = params.get('collector');
// For the test that drives this page.
window.Sidelog = Sidelog;
await Sidelog.init({
  appKey: params.get('appKey'),
  apiURL: `${collector}/sidelog/api`,
  baseURL: `${collector}/sidelog`,
  workerURL: params.get('workerURL') ?? undefined,
});
document.getElementById('mode').textContent = `Sidelog: ${Sidelog.mode}`;
