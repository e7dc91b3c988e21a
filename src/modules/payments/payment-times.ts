/** The gateways' `YYYY-MM-DD HH:II:SS` Asia/Taipei timestamps (src/common/time/taipei-timestamp.ts). */
export { parseTaipeiTimestamp } from '../../common/time/taipei-timestamp';
