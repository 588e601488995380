// Device status (docs/uploader.md#device-status): asked at start and then every 5 minutes. The answer sets the guard's flags;
// a failed check changes nothing and is only reported in debug mode.
import { INVALID_APP_CODE, type DeviceInfo } from '../protocol/index.ts';
import type { Guard } from './guard.ts';
import type { ServiceClient } from './service-client.ts';
import { DEVICE_STATUS_INTERVAL_MS } from './tuning.ts';

interface DeviceStatusChecker {
  start(): void;
  stop(): void;
  /** Checks now; resolves when the answer (or the failure) has been taken in. */
  check(): Promise<void>;
}

interface DeviceStatusDeps {
  client: ServiceClient;
  guard: Guard;
  device: DeviceInfo;
  appKey: string;
  debug: (message: string) => void;
  /** Called after an answer that changed the guard's flags. */
  onChange?: () => void;
  intervalMs?: number;
}

export function createDeviceStatusChecker(deps: DeviceStatusDeps): DeviceStatusChecker {
  const { client, guard } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function check(): Promise<void> {
    try {
      const answer = await client.call('getDeviceStatus', { app_token: deps.appKey, device: deps.device });
      const before = [guard.isAppValid, guard.isDeviceEnabled].join();
      guard.isAppValid = answer.error?.code !== INVALID_APP_CODE;
      guard.isDeviceEnabled = guard.isAppValid && answer.logger_enabled === true;
      if ([guard.isAppValid, guard.isDeviceEnabled].join() !== before) deps.onChange?.();
    } catch (error) {
      deps.debug(
        `Sidelog could not check the device's status: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return {
    start() {
      void check();
      timer = setInterval(() => void check(), deps.intervalMs ?? DEVICE_STATUS_INTERVAL_MS);
    },
    stop: () => clearInterval(timer),
    check,
  };
}
