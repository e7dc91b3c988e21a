import { Throttle } from './throttle';

describe('Throttle', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('runs a lone request at once', async () => {
    const action = jest.fn();
    const t = new Throttle(action, 1000);
    t.request();
    await Promise.resolve();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('folds a burst into one run at once and one at the end of the interval (150 requests a second: 2 runs, then 1 a second)', async () => {
    const action = jest.fn();
    const t = new Throttle(action, 1000);
    for (let i = 0; i < 150; i++) {
      t.request();
      await jest.advanceTimersByTimeAsync(6); // 150 requests over ~900 ms
    }
    expect(action).toHaveBeenCalledTimes(1); // the leading run; the rest wait for the trailing one
    await jest.advanceTimersByTimeAsync(100);
    expect(action).toHaveBeenCalledTimes(2); // 1000 ms after the first

    // A steady stream for 3 more seconds: one run per second.
    for (let i = 0; i < 450; i++) {
      t.request();
      await jest.advanceTimersByTimeAsync(1000 / 150);
    }
    await jest.advanceTimersByTimeAsync(1000);
    expect(action.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(action.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it('never lets a request wait longer than the interval, and never runs twice within it', async () => {
    const starts: number[] = [];
    const t = new Throttle(() => void starts.push(Date.now()), 1000);
    const requests: number[] = [];
    // Irregular requests over 5 s.
    for (const gap of [0, 10, 300, 990, 5, 1500, 20, 20, 700, 400, 2000]) {
      await jest.advanceTimersByTimeAsync(gap);
      requests.push(Date.now());
      t.request();
    }
    await jest.advanceTimersByTimeAsync(1000);
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(1000);
    // Every request is followed by a run that starts no earlier than it and at most 1 s later.
    for (const r of requests) expect(starts.some((s) => s >= r && s - r <= 1000)).toBe(true);
  });

  it('a request made while the action runs gets a run of its own after it', async () => {
    let release!: () => void;
    const action = jest.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const t = new Throttle(action, 1000);
    t.request();
    expect(action).toHaveBeenCalledTimes(1);
    t.request(); // during the run
    release();
    await jest.advanceTimersByTimeAsync(999);
    expect(action).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(action).toHaveBeenCalledTimes(2);
    release();
  });

  it('idle() resolves after the trailing run has finished', async () => {
    const done: string[] = [];
    const t = new Throttle(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done.push('run');
    }, 1000);
    t.request();
    t.request();
    const idle = t.idle().then(() => done.push('idle'));
    await jest.advanceTimersByTimeAsync(2000);
    await idle;
    expect(done).toEqual(['run', 'run', 'idle']);
    expect(t.pending).toBe(false);
  });

  it('reports a failing action and keeps working', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const action = jest.fn(() => {
      if (fail) throw new Error('redis down');
    });
    const t = new Throttle(action, 1000, (e) => errors.push(e));
    t.request();
    await jest.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    fail = false;
    t.request();
    await jest.advanceTimersByTimeAsync(1000);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('stop() cancels the scheduled run', async () => {
    const action = jest.fn();
    const t = new Throttle(action, 1000);
    t.request();
    t.request();
    t.stop();
    t.request();
    await jest.advanceTimersByTimeAsync(5000);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
