import * as f from '../format.js';
import { t } from '../i18n/index.js';

/**
 * What a budget leaves: GiB, or "none: X over" when what it must hold already passes it (the memory
 * panel's free memory and room for KV, the size-only estimate's usable memory). Never a negative size;
 * the element's data-value keeps the raw figure.
 */
export const room = (v) => (v < 0 ? t('memory.over', { gib: f.gib(-v) }) : f.gib(v));
/** The words of "none: X over" wrap in a narrow cell; a plain figure stays on one line. */
export const roomClass = (v) => (v < 0 ? 'words' : undefined);
