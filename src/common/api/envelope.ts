/**
 * The spec's answer shape: `{ success, message?, ...fields }`. Errors (the global filter) use it
 * too: `{ success: false, message, ...extra }`.
 *
 * This folder (`src/common/api`) declares every JSON answer the shop client reads, once: the
 * server's services and controllers are annotated with these types, and the client imports
 * them as `import type … from '@api/…'`. Only `export interface` / `export type` and type
 * imports of sibling files are allowed here (lint rule in eslint.config.mjs), so the client
 * build never pulls server code and nothing here reaches a bundle.
 */
export type Envelope<T extends object = object> = { success: boolean; message?: string } & T;
