// A webpack 5 app that adds Sidelog as the README says. The collector, on another origin, is named in the query.
import { Sidelog } from 'sidelog';

const params = new URLSearchParams(location.search);
const collector = params.get('collector');
Sidelog.init({
  appKey: params.get('appKey'),
  apiURL: `${collector}/sidelog/api`,
  baseURL: `${collector}/sidelog`,
}).then(() => (document.getElementById('mode').textContent = `Sidelog: ${Sidelog.mode}`));
// For the test that drives this page.
window.Sidelog = Sidelog;
