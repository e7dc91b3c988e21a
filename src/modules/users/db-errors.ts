/** Kept for existing imports: the helper lives with the other dialect differences in src/database/db-dialect.ts. */
export { isDuplicateKey } from '../../database/db-dialect';
