/// <reference types="vite/client" />
// The portal's build-time settings (app/config.ts reads them; each may be left unset).
interface ImportMetaEnv {
  readonly VITE_API_HOST?: string;
  readonly VITE_SIDELOG_APP_KEY?: string;
  readonly VITE_ONESIGNAL_APP_ID?: string;
  readonly VITE_ANALYTICS_COUNTER_ID?: string;
  readonly VITE_CRM_WIDGET_URL?: string;
  readonly VITE_PRINT_STYLESHEET_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
