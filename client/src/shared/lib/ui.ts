/** UI timing constants (spec 1 §9). */
export const TOAST_SECONDS = 5;
