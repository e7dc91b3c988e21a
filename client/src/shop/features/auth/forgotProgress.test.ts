import { describe, expect, it } from 'vitest';
import { CODE_VALID_MS, restoreForgotProgress } from './forgotProgress';

const now = 1_800_000_000_000;

describe('restoreForgotProgress', () => {
  it('resumes step 2 or 3 within the code’s 10 minutes', () => {
    const kept = { step: 1, phone: '0912345678', sentAt: now - 60_000, resendAt: now + 5_000 };
    expect(restoreForgotProgress(kept, now)).toEqual({ kind: 'resume', progress: kept });
    expect(restoreForgotProgress({ ...kept, step: 2 }, now)).toMatchObject({ kind: 'resume', progress: { step: 2 } });
    expect(restoreForgotProgress({ ...kept, resendAt: 'soon' }, now)).toMatchObject({ kind: 'resume', progress: { resendAt: 0 } });
  });

  it('an older state is expired (back to step 1 with the phone and a message)', () => {
    const old = { step: 2, phone: '0912345678', sentAt: now - CODE_VALID_MS, resendAt: 0 };
    expect(restoreForgotProgress(old, now)).toEqual({ kind: 'expired', phone: '0912345678' });
    // A clock set back is not trusted either.
    expect(restoreForgotProgress({ ...old, sentAt: now + 3_600_000 }, now)).toEqual({ kind: 'expired', phone: '0912345678' });
  });

  it('ignores anything malformed', () => {
    for (const raw of [undefined, null, 'x', 42, {}, { step: 0, phone: '0912345678', sentAt: now }, { step: 3, phone: '0912345678', sentAt: now }, { step: 1, phone: '<b>', sentAt: now }, { step: 1, phone: '0912345678', sentAt: 'now' }]) {
      expect(restoreForgotProgress(raw, now)).toEqual({ kind: 'none' });
    }
  });
});
