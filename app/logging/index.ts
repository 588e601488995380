// Sidelog: the page's entry. `Sidelog` is the instance a page uses; `SidelogClient` makes others (tests).
import { SidelogClient } from './client.ts';

export { SidelogClient } from './client.ts';
export type { LogFields, SidelogSeams } from './client.ts';
export type { FeedbackResult, FeedbackTexts } from './feedback/feedback-dialog.ts';
export { LogLevel } from '../../protocol/levels.ts';
export type { SidelogMode, SidelogOptions, EngineStatus } from '../../protocol/index.ts';

export const Sidelog = new SidelogClient();
