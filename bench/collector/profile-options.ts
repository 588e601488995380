// The command line of the benches that run the service under `bench:collector`'s load to look inside it
// (pipeline.ts, clickhouse2-cpu.ts): the load's size, how many runs, a CPU profile's directory, Node's own flags
// for the service (cluster workers inherit them), whether bench:collector's visibility probe runs beside the load, and
// (ClickHouse's) whether to sum the run's queries.
import { parseArgs } from 'node:util';

export function profileRunOptions() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '8' },
      batches: { type: 'string', default: '320' },
      runs: { type: 'string', default: '1' },
      'cpu-prof': { type: 'string' },
      /** Node's flags for the service, space-separated (e.g. --max-semi-space-size=32). */
      'node-options': { type: 'string', default: '' },
      /** The visibility probe beside the load, as bench:collector runs it (its searches through the explorer). */
      probe: { type: 'boolean', default: false },
      /** ClickHouse's queries of the run, summed by their text from system.query_log (clickhouse2-cpu.ts). */
      queries: { type: 'boolean', default: false },
    },
  });
  return {
    clients: values.clients,
    batches: Number(values.batches),
    runs: Number(values.runs),
    profile: values['cpu-prof'],
    probe: values.probe,
    queries: values.queries,
    /** The service's Node flags: --cpu-prof into the profile's directory, if any, then those given. */
    nodeFlags: [
      ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : []),
      ...values['node-options'].split(' ').filter(Boolean),
    ],
  };
}
