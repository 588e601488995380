// The storage guard (docs/uploader.md#guard): whether logs may be written and uploaded.
// The app is valid until the service says otherwise; the device is not enabled until the service
// says so, unless the developer forces it.

export interface Guard {
  isAppValid: boolean;
  /** Set from the service's device status. */
  isDeviceEnabled: boolean;
  /** Set by the developer with setForceEnabled. */
  isForceEnabled: boolean;
  /** Writing is allowed only while the app is valid. */
  canWrite(): boolean;
  /** The device may be processed: logs and keys are uploaded without an issue or a forced send. */
  canUpload(): boolean;
}

export function createGuard(): Guard {
  return {
    isAppValid: true,
    isDeviceEnabled: false,
    isForceEnabled: false,
    canWrite() {
      return this.isAppValid;
    },
    canUpload() {
      return this.isAppValid && (this.isDeviceEnabled || this.isForceEnabled);
    },
  };
}
